// The episodic buffer's block (design §09) and its format/parse pair live in
// the episodic-buffer package: the app writes the block with the package's
// format half and the offline model reads it with its parse half, through
// this file like every other prompt format.
//
// [EARLIER IN THIS THREAD]
// <note>
// - 2026-10-02: Owner wants a second location in Houma (filed in pages/Second Location)
// - … more of this thread happened here; search_chat_history finds it.
// - 2026-10-11: Compared two lease quotes (filed in pages/Second Location)
export {
  BUFFER_GAP_LINE,
  BUFFER_HEADER,
  BUFFER_MARKS,
  BUFFER_NOTE,
  BUFFER_NOTE_WITHOUT_TOOLS,
  formatBufferBlock,
  formatBufferLine,
  parseBufferBlock,
  parseBufferLine,
  withoutSearch,
  type BufferMark,
} from "episodic-buffer";
