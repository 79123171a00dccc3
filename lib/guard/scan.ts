
// The injection scan for stored text that reaches a prompt (design §06.4).
// Buffer gists are model-written from conversations that may quote a customer,
// a pasted email or a web page, so a line can carry someone else's instructions
// into every later turn. The rules look for the *shape* of an attack (a role
// marker, an instruction aimed at the model, a call, a link), never for a bare
// word, because the same words ("ignore", "system", "act", "instructions") turn
// up in ordinary business notes.

export type ScanResult = {
  flagged: boolean;
  /** Short names of what matched, e.g. "role-tag", "override-instruction". */
  reasons: string[];
};

type Rule = { reason: string; pattern: RegExp };

const r = String.raw;

/** Zero-width, bidi, Unicode tag and variation-selector characters: they change how text reads or splits without being seen. */
const HIDDEN_CHARS = r`\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}`;
/** The soft hyphen is stripped too, but never flagged: word processors insert it on their own. */
const INVISIBLE = new RegExp(`[\\u00AD${HIDDEN_CHARS}]`, "gu");
const HIDDEN = new RegExp(`[${HIDDEN_CHARS}]`, "u");
/** A zero-width joiner inside an emoji sequence is how those emoji are spelled, not a hiding place. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;
/** C0/C1 controls other than tab and line breaks: they can end a line or a prompt section unseen. */
const CONTROL_CHARS = r`\u0000-\u0008\u000E-\u001F\u007F-\u009F`;
const CONTROL_STRIP = new RegExp(`[${CONTROL_CHARS}]`, "g");
const CONTROL = new RegExp(`[${CONTROL_CHARS}]`);
const LOOKALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u;
const LATIN = /\p{Script=Latin}/u;

/** A non-capturing alternation; a space inside an item matches any run of whitespace. */
const alt = (...items: string[]) => `(?:${items.map((item) => item.replace(/ /g, r`\s+`)).join("|")})`;
const rule = (reason: string, source: string, flags = "i"): Rule => ({ reason, pattern: new RegExp(source, flags) });
/** Up to `max` filler words, e.g. the "all of the" in "send all of the API keys". */
const words = (max: number) => r`(?:[\w'-]+\s+){0,${max}}?`;

const ROLE = alt("system", "assistant", "developer", "user", "human");
/** Names that can only mean an AI model; "assistant" alone could be the owner's staff, so it counts only after "ai". */
const MACHINE = alt("ai", r`a\.i\.`, "llm", "language model", "chatbot", "gpt", "chatgpt", "claude", "ai assistant", "ai agent");
const OVERRIDE_VERB = alt(
  "ignore",
  "disregard",
  "forget",
  "override",
  "overwrite",
  "bypass",
  "neglect",
  "set aside",
  "pay no attention to",
  r`(?:do not|don't|dont|never|stop) (?:follow(?:ing)?|obey(?:ing)?|heed(?:ing)?|listen(?:ing)? to|adher(?:e|ing) to|comply(?:ing)? with)`,
);
const EARLIER = alt("previous", "prior", "above", "earlier", "preceding", "foregoing", "former", "original", "initial", "system", "safety", "developer");
const GUIDANCE = alt(
  "instructions?",
  "rules?",
  "directions?",
  "guidelines?",
  "guidance",
  "prompts?",
  "directives?",
  "constraints?",
  "guardrails?",
  "restrictions?",
  "limitations?",
  "commands?",
  "messages?",
  "context",
  "text",
  "content",
  "input",
);
const STRICT_GUIDANCE = alt("instructions?", "rules?", "guidelines?", "prompts?", "directives?", "constraints?", "guardrails?", "restrictions?");
const DETERMINERS = r`(?:${alt("all", "any", "every", "each", "the", "your", "my", "these", "those", "of", "both")}\s+){0,3}`;
const LEAK_VERB = alt(
  "reveal",
  "print",
  "output",
  "repeat",
  "recite",
  "display",
  "leak",
  "dump",
  "expose",
  "disclose",
  "show",
  "tell",
  "give",
  "send",
  "share",
  "post",
  "paste",
  "write out",
  "spell out",
  "echo",
  "copy",
  "list",
  "return",
  "include",
  "append",
  "translate",
  "summari[sz]e",
  "encode",
);
const TO_ME = r`(?:${alt("me", "us")}\s+)?`;
const SECRET = alt(
  r`api[\s_-]?keys?`,
  r`secret[\s_-]?keys?`,
  r`private[\s_-]?keys?`,
  r`access[\s_-]?tokens?`,
  r`auth(?:entication)?[\s_-]?tokens?`,
  r`bearer[\s_-]?tokens?`,
  r`env(?:ironment)?[\s_-]?var(?:iable)?s?`,
  r`\.env\b`,
  "connection strings?",
);
const TLD = alt(
  ...["com", "net", "org", "io", "ai", "co", "app", "dev", "xyz", "ru", "cn", "info", "biz", "me", "site", "online", "top"],
  ...["link", "click", "sh", "ly", "gg", "to", "tk", "us", "uk", "de", "cc", "tv", "ws", "pw", "zip", "page", "cloud", "tech", "store"],
);

const RULES: Rule[] = [
  // Role and turn markers: text that tries to open a new system, user or assistant turn.
  rule("role-tag", r`<\s*/?\s*${alt(ROLE, "tool", "function", "im_start", "im_end", "instructions?", "inst", "sys", "s")}\b[^<>]*>`),
  rule("role-tag", r`<\|[^|<>\s]{1,30}\|>`),
  rule("role-tag", r`\[\s*/?\s*${alt("inst", "sys", "system", "assistant", "user", "developer", "admin")}\s*\]`),
  rule("role-tag", r`<<\s*/?\s*sys\s*>>`),
  rule("role-tag", r`^[ #>*-]*${ROLE}(?:\s+${alt("message", "prompt", "note", "override", "instructions?")})?\s*:`, "im"),
  rule("role-tag", r`(?:[.!?;]|\s[-–—])\s+${alt("system", "assistant", "developer")}(?:\s+${alt("message", "prompt", "note", "override")})?\s*:`),
  rule("role-tag", r`(?:^|\s)#{1,6}\s*${alt("system", "instructions?", "response", "assistant", "user", "input", "developer", "new instructions")}\b`, "im"),
  rule("role-tag", r`\bsystem\s+override\b`),

  // Instructions aimed at the model's own rules.
  rule("override-instruction", r`\b${OVERRIDE_VERB}\s+${DETERMINERS}${EARLIER}\s+(?:${EARLIER}\s+)?${GUIDANCE}\b`),
  rule("override-instruction", r`\b${OVERRIDE_VERB}\s+${DETERMINERS}${GUIDANCE}\s+${alt("above", "before this", "so far")}\b`),
  rule("override-instruction", r`\b${OVERRIDE_VERB}\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?${alt("above", "foregoing", "preceding")}(?=\s*(?:[.,;:!]|$)|\s+(?:and\s+)?${alt("instead", "now", "then", "do", "tell", "say")}\b)`),
  rule("override-instruction", r`\b${OVERRIDE_VERB}\s+(?:all\s+)?(?:of\s+)?(?:your|the\s+${MACHINE}'?s?)\s+(?:\w+\s+)?${alt(STRICT_GUIDANCE, "programming", "training", "safety", "filters?", "system prompt")}\b`),
  rule("override-instruction", r`\b${OVERRIDE_VERB}\s+${alt("all", "any", "every")}\s+(?:\w+\s+)?${STRICT_GUIDANCE}\b`),
  rule(
    "override-instruction",
    r`\b${OVERRIDE_VERB}\s+${alt("everything", "anything", "all", "what(?:ever)?")}\s+(?:${alt("above", "before", "prior", "previously", "earlier", "so far")}|(?:you(?:'ve|\s+have)?|i)\s+(?:\w+\s+)?${alt("told", "said", "written", "given")}|(?:\w+\s+)?${alt("said", "written", "stated")}\s+${alt("above", "before", "previously", "earlier", "so far")}|in\s+(?:your|the)\s+${alt("prompt", "instructions", "context", "system")})`,
  ),
  rule("override-instruction", r`\bobey\s+${alt("me", "my", "these", "this", "the following", "only")}\b`),
  rule("override-instruction", r`\b${alt("follow", "execute", "obey")}\s+${alt("the", "these")}\s+${alt("following", "hidden", "secret", "real", "true", "injected")}\s+${alt("instructions?", "commands?", "directives?")}\b`),
  rule("override-instruction", r`\b${alt("new", "updated", "revised", "real", "actual", "true", "secret", "hidden", "override", "additional")}\s+(?:system\s+)?${alt("instructions?", "directives?", "prompt")}\s*[:：]`),
  rule("override-instruction", r`\b${alt("important", "urgent", "attention", "notice", "warning", "critical", "priority")}\s*[:!]+\s*${alt("new", "updated", "revised", "override", "system", "admin")}\s+${alt("instructions?", "directives?", "prompt", "override", "mode")}\b`),
  rule("override-instruction", r`\b${alt("ignora", "ignorez", "ignoriere", "olvida", "oublie", "oubliez", "vergiss")}\b[^.]{0,40}${alt("instrucciones", "instructions", "anweisungen", "istruzioni", "r[eè]gles", "reglas")}`),

  // Attempts to give the model a new identity, or to speak to it directly.
  rule("persona-switch", r`\byou\s+are\s+now\b`),
  rule("persona-switch", r`\b${alt("from now on", "henceforth", "going forward")},?\s+you\b`),
  rule("persona-switch", r`\b${alt("you", "please")}\s+act\s+as\b`),
  rule("persona-switch", r`\bact\s+as\s+(?:if\s+you|though\s+you|(?:an?|the|my)\s+(?:\w+\s+)?${alt("unrestricted", "unfiltered", "uncensored", "jailbroken", "evil", "rogue", MACHINE, "dan", "hacker", "linux terminal")}\b)`),
  rule("persona-switch", r`\bpretend\s+(?:that\s+)?(?:you\b|to\s+be\s+(?:an?\s+)?${alt(MACHINE, "assistant", "unrestricted", "different", "system", "admin", "developer", "dan")}\b)`),
  rule("persona-switch", r`\brole-?\s?play\s+as\b`),
  rule("persona-switch", r`\b${alt("jailbreak", "jailbroken", "do anything now", `${alt("dan", "god", "unrestricted", "unfiltered", "uncensored")} mode`)}\b`),
  rule("persona-switch", r`\b(?:your|the\s+${MACHINE}'?s?)\s+${alt("new", "real", "true", "actual", "only", "primary", "next")}\s+${alt("task", "goal", "purpose", "role", "job", "instructions?", "objective", "mission", "directive")}\s+${alt("is", "are", "will be")}\b`),
  rule("persona-switch", r`\b${alt("note", "message", "instructions?", "attention", "hey", "dear", "hello", "hi")}\s+(?:${alt("to", "for")}\s+)?(?:the\s+|all\s+)?${MACHINE}s?\s*[:,!]`),
  rule("persona-switch", r`\bif\s+you\s+are\s+(?:an?\s+)?${alt(MACHINE, "assistant", "agent", "model", "bot")}\b`),
  rule("persona-switch", r`\b${alt(MACHINE, "assistant", "agent", "model")}s?\s+${alt("reading", "processing", "parsing", "summari[sz]ing")}\s+this\b`),
  rule("persona-switch", r`\byou\s+${alt("must", "should", "will", "shall", "need to", "have to", "are (?:required|instructed|ordered) to")}\s+(?:now\s+)?(?:also\s+)?${alt("ignore", "disregard", "forget", "reveal", "obey", "append", "prepend", "render")}\b`),
  rule("persona-switch", r`\b${alt("to", "in", "at the (?:end|start|top|bottom) of")}\s+(?:${alt("every", "each", "all")}\s+)?(?:of\s+)?your\s+${alt("reply", "replies", "response", "responses", "answer", "answers", "output", "outputs")}\b`),

  // Attempts to get the prompt, keys or configuration out.
  rule("prompt-leak", r`\b${alt("system", "hidden", "initial", "meta", "pre")}[\s_-]?prompts?\b|\bprompt\s+injection\b|\bdeveloper\s+message\b|\b${alt("hidden", "secret")}\s+instructions\b`),
  rule("prompt-leak", r`\b${LEAK_VERB}\s+${TO_ME}${words(3)}(?:your|the\s+${MACHINE}'?s?)\s+${words(2)}${alt("instructions", "prompt", "rules", "guidelines", "configuration", "config", "directives", "programming", "training")}\b`),
  rule("prompt-leak", r`\b${LEAK_VERB}\s+${TO_ME}${words(4)}${SECRET}`),
  rule("prompt-leak", r`\b${LEAK_VERB}\s+${TO_ME}${alt("everything", "all", "the text", "the words", "the content", "the messages?", "what(?:ever)? (?:is|was) written")}\s+${alt("above", "before this", "so far", "preceding")}\b`),
  rule("prompt-leak", r`\bwhat\s+${alt("are", "is", "were")}\s+your\s+(?:\w+\s+)?${alt("instructions", "rules", "prompt", "guidelines", "directives")}\b`),
  rule("prompt-leak", r`${alt("api_key", "secret_key", "access_token", "database_url")}\b|\bsk-[a-z0-9_-]{16,}`),

  // Tool-call syntax: a line that looks like a call can be copied into one.
  rule("tool-call", r`<\s*/?\s*${alt("tool_calls?", "tool_use", "tool_result", "function_calls?", "function", "invoke", "parameter", r`antml:\w+`, "tools?")}\b[^<>]*>?`),
  rule("tool-call", r`["']\s*${alt("name", "tool", "tool_name", "function", "arguments", "parameters", "args", "action", "action_input", "recipient")}\s*["']\s*:`),
  rule("tool-call", r`\b${alt("read_page", "search_chat_history", "tool_calls?", "function_call", r`functions\.\w+`, "multi_tool_use")}\b`),
  rule("tool-call", r`(?<![a-z0-9_])[a-z][a-z0-9]*(?:_[a-z0-9]+)+\s*\(`),

  // Links and markup that would make a renderer or a tool fetch an address.
  rule("link", r`${alt("https?", "ftps?", "file", "wss?")}://|\b${alt("javascript", "vbscript", "mailto")}:`),
  rule("link", r`\bwww\.[a-z0-9-]+\.|(?:^|[\s(\["'])//[a-z0-9-]+\.[a-z]`),
  rule("link", r`(?<![a-z0-9-])[a-z0-9-]+\.${TLD}(?::\d+)?[/?#]`),
  rule("link", r`\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?/`),
  rule("link", r`\bdata:[a-z]+/[a-z0-9.+-]+[;,]`),
  rule("markup", r`!\[[^[\]]*\]\s*\(|\[[^[\]]*\]\(\s*[^)\s]+\s*\)`),
  rule("markup", r`</?[a-z][a-z0-9-]*(?:\s[^<>]*)?/?>`),
  rule("markup", r`<\s*${alt("img", "script", "iframe", "svg", "object", "embed", "link", "meta", "base", "form", "style", "video", "audio", "source", "frame", "frameset", "body", r`a\s+href`)}\b`),
  rule("markup", r`\bon${alt("error", "load", "click", "mouseover", "focus", "begin")}\s*=|\b${alt("src", "href", "srcset", "formaction")}\s*=|<!--|\x60{3}`),

  // Payloads hidden from a reader: long encoded runs and escape sequences.
  rule("encoded-payload", r`[a-z0-9+/]{40,}={0,2}|\\u[0-9a-f]{4}|\\x[0-9a-f]{2}|%${alt("3c", "3e", "0a", "0d")}|\bbase64\b`),

  // Text posing as the end of this block or the start of another prompt section.
  rule("delimiter-spoof", r`\[${alt("earlier in this thread", "recalled pages", "existing pages", "messages", r`end[^\]]{0,20}`, "instructions?")}\]`),
  rule("delimiter-spoof", r`${alt("-{3}", "={3}", r`\*{3}`, "#{3}", "_{3}")}\s*${alt("end", "begin", "start", "new", "system", "instructions?")}\b`),
  rule("delimiter-spoof", r`\bend\s+of\s+(?:the\s+)?${alt("buffer", "notes section", "system prompt", "context window", "untrusted", "user input", "earlier in this thread")}\b`),
];

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };

/** Entity-encoded markup (`&lt;system&gt;`) must not slip past the markup rules. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (!name.startsWith("#")) return ENTITIES[name.toLowerCase()] ?? whole;
    const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function stripInvisible(text: string, replacement = ""): string {
  return text.replace(INVISIBLE, replacement).replace(CONTROL_STRIP, " ");
}

/**
 * The texts the rules see: full-width and styled letters folded to ASCII by
 * NFKC, curly quotes straightened, and every kind of line break turned into
 * "\n" so the line-start rules still find a role marker smuggled onto its own
 * line. A hidden character can split a word (`ig\u200Bnore`) or glue two
 * (`budget\u200Bignore`), so the text is read both ways.
 */
function matchableForms(text: string): string[] {
  const decoded = decodeEntities(text);
  const forms = ["", " "].map((replacement) =>
    stripInvisible(decoded, replacement)
      .normalize("NFKC")
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/\r\n?|[\v\f\u2028\u2029]/g, "\n")
      .replace(/[^\S\n]+/g, " "),
  );
  return [...new Set(forms)];
}

/** A word mixing Latin with look-alike letters (Cyrillic "і" in "іgnore") is spelled to dodge a scan. */
function hasLookalikeWord(text: string): boolean {
  return text.split(/[^\p{L}\p{M}]+/u).some((word) => LATIN.test(word) && LOOKALIKE_SCRIPT.test(word));
}

/**
 * Flags stored text that reads as an attempt to steer the model rather than a
 * note about the business. Prefer the raw text as stored: hidden characters and
 * line breaks are evidence in themselves, and neutralise() removes both.
 */
export function scanForInjection(text: string): ScanResult {
  const reasons = new Set<string>();
  if (HIDDEN.test(text.replace(EMOJI_JOINER, ""))) reasons.add("hidden-char");
  if (CONTROL.test(text)) reasons.add("control-char");
  if (hasLookalikeWord(text)) reasons.add("homoglyph");
  const forms = matchableForms(text);
  for (const { reason, pattern } of RULES) {
    if (forms.some((form) => pattern.test(form))) reasons.add(reason);
  }
  return { flagged: reasons.size > 0, reasons: [...reasons] };
}

/**
 * Flattens stored text to one plain line. Applied to every line, flagged or
 * not, so a gist can never open a new line in the block, fake a role marker at
 * a line start, or carry characters the reader cannot see.
 */
export function neutralise(text: string): string {
  return stripInvisible(text).replace(/\s+/g, " ").trim();
}
