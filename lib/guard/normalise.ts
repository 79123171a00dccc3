// The readings of one stored string that the injection rules are matched on.
// An attack rarely arrives in plain words: it is hidden behind characters a
// reader cannot see, letters from another script, digits for letters, letters
// spaced apart, or an encoding the model can undo on its own (base64, rot13,
// escapes, reversed text). Each reading undoes one of those disguises, so the
// rules stay few and are written against ordinary text only.

const r = String.raw;

/** Zero-width, bidi, Unicode tag and variation-selector characters: they change how text reads or splits without being seen. */
const HIDDEN_CHARS = r`\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}`;
/** The soft hyphen is stripped too, but never flagged: word processors insert it on their own. */
const INVISIBLE = new RegExp(`[\\u00AD${HIDDEN_CHARS}]`, "gu");
export const HIDDEN = new RegExp(`[${HIDDEN_CHARS}]`, "u");
/** A zero-width joiner inside an emoji sequence is how those emoji are spelled, not a hiding place. */
export const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;
/** C0/C1 controls other than tab and line breaks: they can end a line or a prompt section unseen. */
const CONTROL_CHARS = r`\u0000-\u0008\u000E-\u001F\u007F-\u009F`;
const CONTROL_STRIP = new RegExp(`[${CONTROL_CHARS}]`, "g");
export const CONTROL = new RegExp(`[${CONTROL_CHARS}]`);

export function stripInvisible(text: string, replacement = ""): string {
  return text.replace(INVISIBLE, replacement).replace(CONTROL_STRIP, " ");
}

/** Cyrillic, Greek and other letters drawn like a Latin one. */
const LOOKALIKES: Record<string, string> = {
  а: "a", в: "b", е: "e", ё: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x", ѕ: "s", і: "i", ї: "i", ј: "j", ԁ: "d", ԛ: "q", ԝ: "w", һ: "h", г: "r", ո: "n", ս: "u",
  А: "A", В: "B", Е: "E", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", У: "Y", Х: "X", Ѕ: "S", І: "I", Ј: "J",
  α: "a", β: "b", ε: "e", ι: "i", κ: "k", ν: "v", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x", γ: "y",
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X",
};
const LOOKALIKE_LETTER = new RegExp(`[${Object.keys(LOOKALIKES).join("")}]`, "gu");
const LOOKALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u;
const LATIN = /\p{Script=Latin}/u;

/** A word mixing Latin with look-alike letters (Cyrillic "і" in "іgnore") is spelled to dodge a scan. */
export function hasLookalikeWord(text: string): boolean {
  return text.split(/[^\p{L}\p{M}]+/u).some((word) => LATIN.test(word) && LOOKALIKE_SCRIPT.test(word));
}

/** Digits and signs standing in for letters, as in "1gn0r3" or "pr0mpt". */
const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s", "!": "i", "|": "l" };
/** A token is read as leetspeak only when it mixes letters with those stand-ins, so prices and dates stay as they are. */
const LEET_TOKEN = /(?<![\p{L}\p{N}@$!|])(?=[\p{L}\p{N}@$!|]*\p{L})(?=[\p{L}\p{N}@$!|]*[013457@$!|])[\p{L}\p{N}@$!|]{2,}/gu;

function foldLeet(text: string): string {
  return text.replace(LEET_TOKEN, (token) => token.replace(/[013457@$!|]/g, (c) => LEET[c]));
}

/** Three or more single letters joined by the same separator ("i g n o r e", "r-e-v-e-a-l"). */
const SPACED_RUN = /(?<![\p{L}\p{N}])\p{L}(?<sep>[ .\-_*·+~])\p{L}(?:\k<sep>\p{L})+(?![\p{L}\p{N}])/gu;

function joinSpacedLetters(text: string): string {
  return text.replace(SPACED_RUN, (run) => run.replace(/[^\p{L}]/gu, "")).replace(/\s*\/\s*/g, " ");
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&", nbsp: " " };

/** Entity-encoded markup (`&lt;system&gt;`) must not slip past the markup rules. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (!name.startsWith("#")) return ENTITIES[name.toLowerCase()] ?? whole;
    const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Full-width and styled letters folded to ASCII by NFKC, curly quotes
 * straightened, and every kind of line break turned into "\n", so line-start
 * rules still see a marker smuggled onto its own line.
 */
function tidy(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[‘’‛′´]/g, "'")
    .replace(/[“”„‟″«»]/g, '"')
    .replace(/\r\n?|[\v\f\u2028\u2029]/g, "\n");
}

const collapseSpaces = (text: string) => text.replace(/[^\S\n]+/g, " ");

const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
/** Decoded bytes count as text when they read as words: mostly letters and spaces, with at least two spaces. */
const READS_AS_WORDS = /^(?=(?:[^ ]* ){2})[\p{L}\p{N}\p{P}\p{Zs}\p{S}\n]+$/u;

function decodeBase64Runs(text: string): string[] {
  const decoded: string[] = [];
  for (const [run] of text.matchAll(BASE64_RUN)) {
    const body = run.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
    if (body.length % 4 === 1) continue;
    const plain = Buffer.from(body, "base64").toString("utf8");
    if (READS_AS_WORDS.test(plain) && !plain.includes("\uFFFD")) decoded.push(plain);
  }
  return decoded;
}

/** Hex byte runs, packed ("69676e6f7265") or spaced ("69 67 6e"), long enough to hide a sentence. */
const HEX_RUN = /(?<![0-9a-f])(?:[0-9a-f]{2}[ :]?){12,}(?![0-9a-f])/gi;

function decodeHexRuns(text: string): string[] {
  const decoded: string[] = [];
  for (const [run] of text.matchAll(HEX_RUN)) {
    const bytes = run.replace(/[ :]/g, "");
    if (bytes.length % 2 === 1 || /^\d+$/.test(bytes)) continue;
    const plain = Buffer.from(bytes, "hex").toString("utf8");
    if (READS_AS_WORDS.test(plain) && !plain.includes("\uFFFD")) decoded.push(plain);
  }
  return decoded;
}

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const start = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - start + 13) % 26) + start);
  });
}

/** `\u0069`, `\x69` and `%69` escapes, written out. */
function decodeEscapes(text: string): string {
  return text
    .replace(/\\u\{?([0-9a-f]{4,6})\}?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\\x([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * rot13 and reversal turn any text into another text, almost always gibberish;
 * the rules run on one only when it contains a word an attack needs.
 */
const STEERING_WORD = /\b(?:ignore|disregard|forget|instructions?|prompt|rules|pretend|reveal|system|you are|act as|jailbreak|override|bypass|repeat|password|owner)\b/i;

export type Readings = {
  /** The text as written, with only invisible characters, entities and typography undone. */
  plain: string[];
  /** The text with a disguise undone: look-alikes, leetspeak, spaced letters, an encoding or reversal. */
  decoded: string[];
  /** Whole sentences that were hidden in base64 or hex: a note about the business has no reason to do that. */
  encodedSentences: string[];
  /** Two or more words about the model's steering spelled out letter by letter ("f.o.r.g.e.t t.h.e r.u.l.e.s"). */
  spelledOutSteering: boolean;
};

/**
 * A hidden character can split a word (`ig\u200Bnore`) or glue two
 * (`budget\u200Bignore`), so the text is read both ways; every decoded reading
 * is built from the first.
 */
export function readings(text: string): Readings {
  const entities = decodeEntities(text);
  const unspaced = tidy(stripInvisible(entities));
  const plain = [...new Set([unspaced, tidy(stripInvisible(entities, " "))].map(collapseSpaces))];
  const base = plain[0];
  const encodedSentences = [...decodeBase64Runs(base), ...decodeHexRuns(base)].map((sentence) => collapseSpaces(tidy(sentence)));
  const folded = (hasLookalikeWord(base) ? base.replace(LOOKALIKE_LETTER, (c) => LOOKALIKES[c]) : base).replace(/ı/g, "i");
  const escaped = decodeEscapes(base);
  const candidates = [
    folded,
    foldLeet(folded),
    collapseSpaces(joinSpacedLetters(unspaced)),
    escaped,
    ...[rot13(base), [...base].reverse().join("")].filter((reading) => STEERING_WORD.test(reading)),
    ...encodedSentences,
  ];
  const decoded = [...new Set(candidates)].filter((reading) => !plain.includes(reading));
  const spelledOutWords = [...unspaced.matchAll(SPACED_RUN)].filter(([run]) => run.replace(/[^\p{L}]/gu, "").length >= 4);
  const spelledOutSteering = spelledOutWords.length >= 2 && STEERING_WORD.test(collapseSpaces(joinSpacedLetters(unspaced)));
  return { plain, decoded, encodedSentences, spelledOutSteering };
}
