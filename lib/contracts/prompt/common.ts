// Pieces every prompt text format shares. Each format has one format/parse
// pair in this folder; the agent writes prompts with the format half and the
// offline model reads them with the parse half, so a format changes in one
// place only. These pieces are the episodic-buffer package's, whose block is
// built on them: the app's formats name pages, days and sections the same way.
export { DAY, formatPageRef, formatSection, isoDay, parsePageRef, parseSection } from "episodic-buffer";
