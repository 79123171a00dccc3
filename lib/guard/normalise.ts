// The readings of one stored string that the injection rules are matched on.
// An attack rarely arrives in plain words: it is hidden behind characters a
// reader cannot see, letters from another script, digits for letters, letters
// spaced apart, or an encoding the model can undo on its own (base64, hex,
// base32, binary, Morse, rot13 and other letter shifts, Atbash,
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

/** Hangul written as loose letters ("ㅅㅣㅅㅡㅌㅔㅁ") composed into syllables, the way a reader (or a model) reads them. */
const INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
const MEDIALS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ";
const FINALS = ["", ..."ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"];
const LOOSE_JAMO = /([ㄱ-ㅎ])([ㅏ-ㅣ])(?:([ㄱ-ㅎ])(?![ㅏ-ㅣ]))?/g;

/** A syllable with no final consonant, then a consonant left over: NFKC composes the rest but leaves that one loose. */
const OPEN_SYLLABLE_THEN_CONSONANT = /([\uac00-\ud7a3])([ㄱ-ㅎ])(?![ㅏ-ㅣ])/g;

function composeJamo(text: string): string {
  const compatible = text
    .replace(/[\u1100-\u1112]/g, (c) => INITIALS[c.charCodeAt(0) - 0x1100])
    .replace(/[\u1161-\u1175]/g, (c) => MEDIALS[c.charCodeAt(0) - 0x1161]);
  const syllables = compatible.replace(LOOSE_JAMO, (whole, initial: string, medial: string, final?: string) => {
    const [l, v] = [INITIALS.indexOf(initial), MEDIALS.indexOf(medial)];
    if (l < 0) return whole;
    const t = final ? FINALS.indexOf(final) : 0;
    return String.fromCharCode(0xac00 + (l * 21 + v) * 28 + Math.max(t, 0)) + (t < 0 ? final : "");
  });
  return syllables.replace(OPEN_SYLLABLE_THEN_CONSONANT, (whole, syllable: string, consonant: string) => {
    const t = FINALS.indexOf(consonant);
    return (syllable.charCodeAt(0) - 0xac00) % 28 === 0 && t > 0 ? String.fromCharCode(syllable.charCodeAt(0) + t) : whole;
  });
}

/** Three or more Hangul syllables standing alone between spaces or signs ("시@스@템", "이 전 지 시"), read as one word. */
const SPACED_SYLLABLES = /(?<!\p{Script=Hangul})\p{Script=Hangul}(?:[\s@^*.\-_~·+]+\p{Script=Hangul}(?!\p{Script=Hangul})){2,}/gu;

function joinHangul(text: string): string {
  if (!/[\u1100-\u11ff\u3131-\u318e\uac00-\ud7a3]/.test(text)) return text;
  return composeJamo(text).replace(SPACED_SYLLABLES, (run) => run.replace(/[^\p{Script=Hangul}]/gu, ""));
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

/** Letters moved `shift` places along the alphabet (13 is rot13). */
function caesar(text: string, shift: number): string {
  return text.replace(/[a-z]/gi, (c) => {
    const start = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - start + shift) % 26) + start);
  });
}

/** Letters mirrored (a↔z, b↔y): the Atbash cipher. */
function atbash(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const start = c <= "Z" ? 65 : 97;
    return String.fromCharCode(start + 25 - (c.charCodeAt(0) - start));
  });
}

/** Eight-bit groups of 0 and 1 ("01101001 01100111 …"), at least four of them. */
const BINARY_RUN = /(?<![01])(?:[01]{8}[ ,]?){4,}(?![01])/g;
/** Dots and dashes in letters split by spaces, words by a slash or three spaces. */
const MORSE_RUN = /(?:[.\-–—]{1,6}(?: {1,3}| ?\/ ?)){4,}[.\-–—]{1,6}/g;
const MORSE: Record<string, string> = Object.fromEntries(
  "a.- b-... c-.-. d-.. e. f..-. g--. h.... i.. j.--- k-.- l.-.. m-- n-. o--- p.--. q--.- r.-. s... t- u..- v...- w.-- x-..- y-.-- z--.. 0----- 1.---- 2..--- 3...-- 4....- 5..... 6-.... 7--... 8---.. 9----."
    .split(" ")
    .map((entry) => [entry.slice(1), entry[0]]),
);
const BASE32_RUN = /\b[A-Z2-7]{16,}=*(?![A-Za-z0-9])/g;

function decodeBinaryRuns(text: string): string[] {
  return [...text.matchAll(BINARY_RUN)].map(([run]) =>
    String.fromCharCode(...(run.match(/[01]{8}/g) ?? []).map((byte) => parseInt(byte, 2))),
  );
}

function decodeMorseRuns(text: string): string[] {
  return [...text.matchAll(MORSE_RUN)].map(([run]) =>
    run
      .replace(/[–—]/g, "-")
      .split(/ ?\/ ?| {3}/)
      .map((word) => word.trim().split(/ +/).map((letter) => MORSE[letter] ?? "?").join(""))
      .join(" "),
  );
}

function decodeBase32Runs(text: string): string[] {
  return [...text.matchAll(BASE32_RUN)].flatMap(([run]) => {
    let bits = "";
    for (const c of run.replace(/=+$/, "")) bits += "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".indexOf(c).toString(2).padStart(5, "0");
    const bytes = (bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2));
    const plain = Buffer.from(bytes).toString("utf8");
    return READS_AS_WORDS.test(plain) && !plain.includes("\uFFFD") ? [plain] : [];
  });
}

/** Decoded runs that read as words; numbers and noise are not hidden sentences. */
const asWords = (decoded: string[]) => decoded.filter((plain) => READS_AS_WORDS.test(plain) && /\p{L}{3}/u.test(plain));

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
const STEERING_WORDS = new RegExp(STEERING_WORD.source, "gi");

/** A shifted or mirrored text counts only with two different steering words in it: one can turn up by chance. */
const readsAsSteering = (reading: string) => new Set((reading.match(STEERING_WORDS) ?? []).map((w) => w.toLowerCase())).size >= 2;
/** Ciphers are tried only on short texts: every shift is another reading of the whole text. */
const LONGEST_CIPHERED = 600;

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
  const encodedSentences = [
    ...decodeBase64Runs(base),
    ...decodeHexRuns(base),
    ...asWords([...decodeBinaryRuns(base), ...decodeMorseRuns(base), ...decodeBase32Runs(base)]),
  ].map((sentence) => collapseSpaces(tidy(sentence)));
  const ciphered =
    base.length <= LONGEST_CIPHERED && !STEERING_WORD.test(base)
      ? [...Array.from({ length: 25 }, (_, i) => caesar(base, i + 1)).filter((_, i) => i !== 12), atbash(base), base.split(" ").reverse().join(" ")].filter(readsAsSteering)
      : [];
  const folded = (hasLookalikeWord(base) ? base.replace(LOOKALIKE_LETTER, (c) => LOOKALIKES[c]) : base).replace(/ı/g, "i");
  const escaped = decodeEscapes(base);
  const candidates = [
    folded,
    foldLeet(folded),
    collapseSpaces(joinSpacedLetters(unspaced)),
    joinHangul(base),
    escaped,
    ...[caesar(base, 13), [...base].reverse().join("")].filter((reading) => STEERING_WORD.test(reading)),
    ...ciphered,
    ...encodedSentences,
  ];
  const decoded = [...new Set(candidates)].filter((reading) => !plain.includes(reading));
  const spelledOutWords = [...unspaced.matchAll(SPACED_RUN)].filter(([run]) => run.replace(/[^\p{L}]/gu, "").length >= 4);
  const spelledOutSteering = spelledOutWords.length >= 2 && STEERING_WORD.test(collapseSpaces(joinSpacedLetters(unspaced)));
  return { plain, decoded, encodedSentences, spelledOutSteering };
}

/** Longer texts than this are condensed before they are read: repetition costs the scan time and hides nothing. */
export const CONDENSE_FROM = 512;
const LONGEST_REPEATED_RUN = 6;
const LONGEST_PERIOD = 32;

/** A long token with a short unit said over and over in it ("QUJDQUJD…", "aaaa…") keeps three of each such run. */
function condenseToken(token: string): string {
  if (token.length <= LONGEST_PERIOD * 3) return token;
  let out = "";
  let start = 0;
  while (start < token.length) {
    let best = { period: 0, end: start };
    for (let period = 1; period <= LONGEST_PERIOD && start + period < token.length; period++) {
      let i = start + period;
      while (i < token.length && token[i] === token[i - period]) i++;
      if (i - start > 3 * period && i > best.end) best = { period, end: i };
      if (best.end === token.length) break;
    }
    if (best.period === 0) {
      out += token[start];
      start += 1;
    } else {
      out += token.slice(start, start + 3 * best.period);
      start = best.end;
    }
  }
  return out;
}

/**
 * The text with its repetition cut down, so a long repetitive text costs the
 * scan what a short one does: a word run said again and again ("ignore
 * ignore …", "you are now you are now …") is kept twice, a sentence said
 * before is dropped, a token of one repeated unit keeps three. What is left
 * reads the same to the rules: nothing an attack needs is said only once
 * more than twice in a row.
 */
export function condense(text: string): string {
  // Words with the whitespace after them, so line breaks stay where they were.
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  const words = pieces.map((piece) => condenseToken(piece.trimEnd()) + piece.slice(piece.trimEnd().length));
  const bare = words.map((w) => w.trim().toLowerCase());
  const kept: number[] = [];
  for (let i = 0; i < words.length; i++) {
    kept.push(i);
    for (let n = 1; n <= LONGEST_REPEATED_RUN && kept.length >= 3 * n; n++) {
      const at = kept.length - n;
      let repeated = true;
      // The newest n words repeat the n before them, which repeat the n before those: a third copy goes.
      for (let k = 0; k < n && repeated; k++) {
        const word = bare[kept[at + k]];
        repeated = word === bare[kept[at + k - n]] && word === bare[kept[at + k - 2 * n]];
      }
      if (repeated) {
        kept.splice(at, n);
        break;
      }
    }
  }
  const seen = new Set<string>();
  return kept
    .map((i) => words[i])
    .join("")
    .split(/(?<=[.!?。！？\n])/u)
    .filter((sentence) => {
      const key = sentence.trim().toLowerCase();
      if (key.length < 12) return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join("");
}
