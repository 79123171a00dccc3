import type { ScanResult } from "./types";

// The injection scan for stored text that reaches a prompt (design §06.4).
// Buffer gists are model-written from conversations that may quote a customer,
// a pasted email or a web page, so a line can carry someone else's instructions
// into every later turn. The rules look for the *shape* of an attack (a role
// marker, an instruction aimed at the model, a call, a link), never for a bare
// word, because the same words ("ignore", "system", "act", "instructions") turn
// up in ordinary business notes.

type Rule = { reason: string; pattern: RegExp };

/** Characters that change how text reads or splits without being seen: zero-width, bidi controls, tag and variation-selector smuggling. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;
/** A zero-width joiner inside an emoji sequence is how emoji are spelled, not a hiding place. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;
/** The soft hyphen is stripped but not flagged: word processors insert it on their own. */
const HIDDEN = /[\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/u;
/** C0/C1 controls other than tab and line breaks; they can end a line or a prompt section unseen. */
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g;
const LOOKALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u;
const LATIN = /\p{Script=Latin}/u;

const alt = (...words: string[]) => `(?:${words.join("|")})`;
const rule = (reason: string, source: string, flags = "i"): Rule => ({ reason, pattern: new RegExp(source, flags) });

const ROLES = alt("system", "assistant", "developer", "user", "human");
const OVERRIDE_VERB = alt(
  "ignore",
  "disregard",
  "forget",
  "override",
  "overwrite",
  "bypass",
  "neglect",
  "set\\s+aside",
  "pay\\s+no\\s+attention\\s+to",
  "(?:do\\s+not|don't|dont|never|stop)\\s+(?:follow(?:ing)?|obey(?:ing)?|heed(?:ing)?|listen(?:ing)?\\s+to|adher(?:e|ing)\\s+to|comply(?:ing)?\\s+with)",
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
const DETERMINERS = `(?:${alt("all", "any", "every", "each", "the", "your", "my", "these", "those", "of", "both")}\\s+){0,3}`;
const MODEL = alt("ai", "a\\.i\\.", "llm", "language\\s+model", "assistant", "chatbot", "bot", "gpt", "chatgpt", "claude", "model");
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
  "write\\s+out",
  "spell\\s+out",
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
const SECRET = alt(
  "api[\\s_-]?keys?",
  "secret[\\s_-]?keys?",
  "private[\\s_-]?keys?",
  "access[\\s_-]?tokens?",
  "auth(?:entication)?[\\s_-]?tokens?",
  "bearer[\\s_-]?tokens?",
  "env(?:ironment)?[\\s_-]?var(?:iable)?s?",
  "\\.env\\b",
  "connection\\s+strings?",
);
const TLD = alt("com", "net", "org", "io", "ai", "co", "app", "dev", "xyz", "ru", "cn", "info", "biz", "me", "site", "online", "top", "link", "click", "sh", "ly", "gg", "to", "tk", "us", "uk", "de", "cc", "tv", "ws", "pw", "zip", "page", "cloud", "tech", "store");
const WORDS = (max: number) => `(?:[\\w'’-]+\\s+){0,${max}}?`;

const RULES: Rule[] = [
  // Role and turn markers: text that tries to open a new system/user/assistant turn.
  rule("role-tag", `<\\s*/?\\s*${alt(ROLES, "tool", "function", "im_start", "im_end", "instructions?", "inst", "sys", "s")}\\b[^<>]*>`),
  rule("role-tag", `<\\|[^|<>\\s]{1,30}\\|>`),
  rule("role-tag", `\\[\\s*/?\\s*${alt("inst", "sys", "system", "assistant", "user", "developer", "admin")}\\s*\\]`),
  rule("role-tag", `<<\\s*/?\\s*sys\\s*>>`),
  rule("role-tag", `^[\\s#>*-]*${ROLES}(?:\\s+${alt("message", "prompt", "note", "override", "instructions?")})?\\s*:`, "im"),
  rule("role-tag", `(?:[.!?;]|\\s[-–—])\\s+${alt("system", "assistant", "developer")}(?:\\s+${alt("message", "prompt", "note", "override")})?\\s*:`),
  rule("role-tag", `(?:^|\\s)#{1,6}\\s*${alt("system", "instructions?", "response", "assistant", "user", "input", "developer", "new\\s+instructions")}\\b`, "im"),
  rule("role-tag", `\\bsystem\\s+override\\b`),

  // Instructions aimed at the model's own rules.
  rule("override-instruction", `\\b${OVERRIDE_VERB}\\s+${DETERMINERS}${EARLIER}\\s+(?:${EARLIER}\\s+)?${GUIDANCE}\\b`),
  rule("override-instruction", `\\b${OVERRIDE_VERB}\\s+${DETERMINERS}${GUIDANCE}\\s+${alt("above", "before\\s+this", "so\\s+far")}\\b`),
  rule("override-instruction", `\\b${OVERRIDE_VERB}\\s+(?:all\\s+)?(?:of\\s+)?(?:your|the\\s+${MODEL}'?s?)\\s+(?:\\w+\\s+)?${alt(STRICT_GUIDANCE, "programming", "training", "safety", "filters?", "system\\s+prompt")}\\b`),
  rule("override-instruction", `\\b${OVERRIDE_VERB}\\s+${alt("all", "any", "every")}\\s+(?:\\w+\\s+)?${STRICT_GUIDANCE}\\b`),
  rule("override-instruction", `\\b${OVERRIDE_VERB}\\s+${alt("everything", "anything", "all", "what(?:ever)?")}\\s+(?:${alt("above", "before", "prior", "previously", "earlier", "so\\s+far")}|(?:you(?:'ve|\\s+have)?|i)\\s+(?:\\w+\\s+)?${alt("told", "said", "written", "given")}|(?:\\w+\\s+)?${alt("said", "written", "stated")}\\s+${alt("above", "before", "previously", "earlier", "so\\s+far")}|in\\s+(?:your|the)\\s+${alt("prompt", "instructions", "context", "system")})`),
  rule("override-instruction", `\\bobey\\s+${alt("me", "my", "these", "this", "the\\s+following", "only")}\\b`),
  rule("override-instruction", `\\b${alt("follow", "execute", "obey")}\\s+${alt("the", "these")}\\s+${alt("following", "hidden", "secret", "real", "true", "injected")}\\s+${alt("instructions?", "commands?", "directives?")}\\b`),
  rule("override-instruction", `\\b${alt("new", "updated", "revised", "real", "actual", "true", "secret", "hidden", "override", "additional")}\\s+(?:system\\s+)?${alt("instructions?", "directives?", "prompt")}\\s*[:：\\-–—]`),
  rule("override-instruction", `\\b${alt("important", "urgent", "attention", "notice", "warning", "critical", "priority")}\\s*[:!]+\\s*${alt("new", "updated", "revised", "override", "system", "admin")}\\s+${alt("instructions?", "directives?", "prompt", "override", "mode")}\\b`),
  rule("override-instruction", `\\b${alt("ignora", "ignorez", "ignoriere", "olvida", "oublie", "oubliez", "vergiss")}\\b[^.]{0,40}${alt("instrucciones", "instructions", "anweisungen", "istruzioni", "r[eè]gles", "reglas")}`),

  // Attempts to give the model a new identity or speak to it directly.
  rule("persona-switch", `\\byou\\s+are\\s+now\\b`),
  rule("persona-switch", `\\b${alt("from\\s+now\\s+on", "henceforth", "going\\s+forward")},?\\s+(?:you|the\\s+${MODEL})\\b`),
  rule("persona-switch", `\\b${alt("you", "please", "now")}\\s+act\\s+as\\b`),
  rule("persona-switch", `\\bact\\s+as\\s+(?:if\\s+you|though\\s+you|(?:an?|the|my)\\s+(?:\\w+\\s+)?${alt("unrestricted", "unfiltered", "uncensored", "jailbroken", "evil", "rogue", "ai", "assistant", "chatbot", "dan", "admin(?:istrator)?", "root", "hacker", "language\\s+model", "llm", "gpt", "linux\\s+terminal", "terminal", "shell", "bot")}\\b)`),
  rule("persona-switch", `\\bpretend\\s+(?:that\\s+)?(?:you\\b|to\\s+be\\s+(?:an?\\s+)?${alt("ai", "assistant", "unrestricted", "different", "system", "admin", "developer", "dan")}\\b)`),
  rule("persona-switch", `\\brole-?\\s?play\\s+as\\b`),
  rule("persona-switch", `\\b${alt("jailbreak", "jailbroken", "do\\s+anything\\s+now", `${alt("dan", "god", "unrestricted", "unfiltered", "uncensored")}\\s+mode`)}\\b`),
  rule("persona-switch", `\\b(?:your|the\\s+${MODEL}'?s?)\\s+${alt("new", "real", "true", "actual", "only", "primary", "next")}\\s+${alt("task", "goal", "purpose", "role", "job", "instructions?", "objective", "mission", "directive")}\\s+${alt("is", "are", "will\\s+be")}\\b`),
  rule("persona-switch", `\\b${alt("note", "message", "instructions?", "attention", "hey", "dear", "hello", "hi")}\\s+(?:${alt("to", "for")}\\s+)?(?:the\\s+|all\\s+)?${alt("ai", "llm", "language\\s+model", "assistant", "chatbot", "gpt", "chatgpt", "claude")}s?\\s*[:,!]`),
  rule("persona-switch", `\\bif\\s+you\\s+are\\s+(?:an?\\s+)?${alt(MODEL, "agent")}\\b`),
  rule("persona-switch", `\\b${alt("ai", "llm", "language\\s+model", "assistant", "chatbot", "agent", "model")}s?\\s+${alt("reading", "processing", "parsing", "summari[sz]ing")}\\s+this\\b`),
  rule("persona-switch", `\\byou\\s+${alt("must", "should", "will", "shall", "need\\s+to", "have\\s+to", "are\\s+(?:required|instructed|ordered)\\s+to")}\\s+(?:now\\s+)?(?:also\\s+)?${alt("ignore", "disregard", "forget", "reveal", "print", "output", "send", "obey", "comply", "respond", "reply", "answer", "say", "call", "execute", "run", "include", "append", "prepend", "render", "display", "stop", "only")}\\b`),
  rule("persona-switch", `\\b${alt("to", "in", "at\\s+the\\s+(?:end|start|top|bottom)\\s+of")}\\s+(?:${alt("every", "each", "all")}\\s+)?(?:of\\s+)?your\\s+${alt("reply", "replies", "response", "responses", "answer", "answers", "output", "outputs", "message", "messages")}\\b`),

  // Attempts to get the prompt, keys or configuration out.
  rule("prompt-leak", `\\b${alt("system", "hidden", "initial", "meta", "pre")}[\\s_-]?prompts?\\b|\\bprompt\\s+injection\\b|\\bdeveloper\\s+message\\b|\\b${alt("hidden", "secret")}\\s+instructions\\b`),
  rule("prompt-leak", `\\b${LEAK_VERB}\\s+(?:${alt("me", "us")}\\s+)?${WORDS(3)}(?:your|its|the\\s+${MODEL}'?s?)\\s+${WORDS(2)}${alt("instructions", "prompt", "rules", "guidelines", "configuration", "config", "directives", "secrets?", "keys?", "credentials", "passwords?", "tokens?", "context", "memory", "training")}\\b`),
  rule("prompt-leak", `\\b${LEAK_VERB}\\s+(?:${alt("me", "us")}\\s+)?${WORDS(4)}${SECRET}`),
  rule("prompt-leak", `\\b${LEAK_VERB}\\s+(?:${alt("me", "us")}\\s+)?${alt("everything", "all", "the\\s+text", "the\\s+words", "the\\s+content", "the\\s+messages?", "what(?:ever)?\\s+(?:is|was)\\s+written")}\\s+${alt("above", "before\\s+this", "so\\s+far", "preceding")}\\b`),
  rule("prompt-leak", `\\bwhat\\s+${alt("are", "is", "were")}\\s+your\\s+(?:\\w+\\s+)?${alt("instructions", "rules", "prompt", "guidelines", "directives")}\\b`),
  rule("prompt-leak", `\\b[a-z]*_?${alt("api_key", "secret_key", "access_token", "database_url")}\\b|\\bsk-[a-z0-9_-]{16,}`),

  // Tool-call syntax: a line that looks like a call can be copied into one.
  rule("tool-call", `<\\s*/?\\s*${alt("tool_calls?", "tool_use", "tool_result", "function_calls?", "function", "invoke", "parameter", "antml:\\w+", "tools?")}\\b[^<>]*>?`),
  rule("tool-call", `["']\\s*${alt("name", "tool", "tool_name", "function", "arguments", "parameters", "args", "action", "action_input", "recipient")}\\s*["']\\s*:`),
  rule("tool-call", `\\b${alt("read_page", "search_chat_history", "tool_calls?", "function_call", "functions\\.\\w+", "multi_tool_use")}\\b`),
  rule("tool-call", `\\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\\s*\\(`),

  // Links and markup that would make a renderer or a tool fetch an address.
  rule("link", `${alt("https?", "ftps?", "file", "wss?")}://|\\b${alt("javascript", "vbscript", "mailto")}:`),
  rule("link", `\\bwww\\.[a-z0-9-]+\\.|(?:^|[\\s(\\["'])//[a-z0-9-]+\\.[a-z]`),
  rule("link", `\\b[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.${TLD}(?::\\d+)?[/?#]`),
  rule("link", `\\b\\d{1,3}(?:\\.\\d{1,3}){3}(?::\\d+)?/`),
  rule("link", `\\bdata:[a-z]+/[a-z0-9.+-]+[;,]`),
  rule("markup", `!\\[[^\\]]*\\]\\s*\\(|\\[[^\\]]*\\]\\(\\s*[^)\\s]+\\s*\\)`),
  rule("markup", `<\\s*/?\\s*[a-z][a-z0-9-]*(?:\\s[^<>]*)?/?\\s*>`),
  rule("markup", `<\\s*${alt("img", "script", "iframe", "svg", "object", "embed", "link", "meta", "base", "form", "style", "video", "audio", "source", "frame", "frameset", "body", "a\\s+href")}\\b`),
  rule("markup", `\\bon${alt("error", "load", "click", "mouseover", "focus", "begin")}\\s*=|\\b${alt("src", "href", "srcset", "formaction")}\\s*=|<!--|\`\`\``),

  // Payloads hidden from a reader: long encoded runs and escape sequences.
  rule("encoded-payload", `[a-z0-9+/]{40,}={0,2}|\\\\u[0-9a-f]{4}|\\\\x[0-9a-f]{2}|%${alt("3c", "3e", "0a", "0d")}|\\bbase64\\b`),

  // Text posing as the end of this block or the start of another prompt section.
  rule("delimiter-spoof", `\\[${alt("earlier\\s+in\\s+this\\s+thread", "recalled\\s+pages", "existing\\s+pages", "messages", "end[^\\]]{0,20}", "instructions?")}\\]`),
  rule("delimiter-spoof", `${alt("-{3,}", "={3,}", "\\*{3,}", "#{3,}", "_{3,}")}\\s*${alt("end", "begin", "start", "new", "system", "instructions?")}\\b`),
  rule("delimiter-spoof", `\\bend\\s+of\\s+(?:the\\s+)?${alt("buffer", "notes\\s+section", "system\\s+prompt", "context\\s+window", "untrusted", "user\\s+input", "earlier\\s+in\\s+this\\s+thread")}\\b`),
];

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };

/** Entity-encoded markup (`&lt;system&gt;`) must not slip past the markup rules. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, "").replace(CONTROL, " ");
}

/**
 * The text the rules see: hidden characters removed (so `ig\u200Bnore` reads as
 * "ignore"), full-width and styled letters folded to ASCII by NFKC, curly quotes
 * straightened, and every kind of line break turned into "\n" so the
 * line-start rules still find a role marker smuggled onto its own line.
 */
function forMatching(text: string): string {
  return stripInvisible(decodeEntities(text))
    .normalize("NFKC")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\r\n?|[\v\f\u2028\u2029]/g, "\n")
    .replace(/[^\S\n]+/g, " ");
}

/** A word mixing Latin with look-alike letters (Cyrillic "і" in "іgnore") is spelled to dodge a scan. */
function hasLookalikeWord(text: string): boolean {
  return text.split(/[^\p{L}\p{M}]+/u).some((word) => LATIN.test(word) && LOOKALIKE_SCRIPT.test(word));
}

/**
 * Flags stored text that reads as an attempt to steer the model rather than a
 * note about the business. Run it on the raw text as stored: hidden characters
 * and line breaks are evidence in themselves and are gone after neutralise().
 */
export function scanForInjection(text: string): ScanResult {
  const reasons = new Set<string>();
  if (HIDDEN.test(text.replace(EMOJI_JOINER, ""))) reasons.add("hidden-char");
  if (new RegExp(CONTROL.source).test(text)) reasons.add("control-char");
  if (hasLookalikeWord(text)) reasons.add("homoglyph");
  const matchable = forMatching(text);
  for (const { reason, pattern } of RULES) {
    if (pattern.test(matchable)) reasons.add(reason);
  }
  return { flagged: reasons.size > 0, reasons: [...reasons] };
}

/**
 * Flattens stored text to one plain line. Applied to every line, flagged or
 * not, so a gist can never open a new line in the block, fake a role marker at
 * a line start, or hide characters the reader cannot see.
 */
export function neutralise(text: string): string {
  return stripInvisible(text).replace(/\s+/g, " ").trim();
}
