// The vocabulary every family of injection rules is written in: how a rule
// is built, the words an attack uses for the model, its guidance, dismissing
// it and leaking it, and the word boundaries that hold in any script. The
// rules look for the *shape* of an attack (a role marker, an instruction aimed
// at the model's own rules, a new identity handed to it, a request for its
// prompt, a task slipped into a document), never for a bare word: the same
// words ("ignore", "system", "act", "instructions", "you are now") turn up in
// ordinary business notes, where they are about a price list, a landlord or a
// member of staff.

export type Family =
  | "role-tag"
  | "override-instruction"
  | "persona-switch"
  | "prompt-leak"
  | "tool-call"
  | "link"
  | "markup"
  | "encoded-instruction"
  | "delimiter-spoof"
  | "injected-task"
  | "pretext"
  | "harmful-request";

export type Rule = {
  family: Family;
  pattern: RegExp;
  /** Set for a rule written in a non-Latin script: it can only match a text that has a letter of that script. */
  script?: RegExp;
};

export const r = String.raw;

/** A non-capturing alternation; a space inside an item matches any run of whitespace. */
export const alt = (...items: string[]) => `(?:${items.map((item) => item.replace(/ /g, r`\s+`)).join("|")})`;
export const rule = (family: Family, source: string, flags = "iu"): Rule => ({ family, pattern: new RegExp(source, flags) });
export const inScript = (script: RegExp, rules: Rule[]): Rule[] => rules.map((each) => ({ ...each, script }));
/** Up to `max` filler words, e.g. the "all of the" in "send all of the API keys". */
export const words = (max: number) => r`(?:[\p{L}\p{N}'-]+\s+){0,${max}}?`;
/** A word boundary that also holds next to Cyrillic, Devanagari or accented letters (`\b` only knows ASCII). */
export const B = r`(?<![\p{L}\p{M}\p{N}_])`;
export const E = r`(?![\p{L}\p{M}\p{N}_])`;
/** Stays inside one sentence. */
export const SAME_SENTENCE = (max: number) => r`[^.!?。！？।\n]{0,${max}}`;

export const ROLE = alt("system", "assistant", "developer", "user", "human");
/** Names that can only mean an AI model; "assistant" alone could be the owner's staff, so it counts only after "ai". */
export const MACHINE = alt(
  "ai",
  r`a\.i\.`,
  "llm",
  "language model",
  "chatbot",
  "chat bot",
  "gpt",
  "chatgpt",
  "claude",
  "gemini",
  "copilot",
  "ai assistant",
  "ai agent",
  "ai model",
  "ai system",
  "bot",
  "automated (?:system|assistant|agent|reader|tool|process)",
  "machine readers?",
);
/** Verbs that set a text aside whatever it is, so they may take "orders" or "messages" as their object. */
export const DISMISS = alt(
  "ignore",
  "ignoring",
  "disregard",
  "disregarding",
  r`forget(?:\s+about)?`,
  "neglect",
  "disobey",
  "pay no attention to",
  "never ?mind",
  r`(?:do not|don't|dont) (?:pay (?:any )?attention to|mind)`,
  r`(?:do not|don't|dont|never|stop|no longer) (?:follow(?:ing)?|obey(?:ing)?|heed(?:ing)?|listen(?:ing)? to|adher(?:e|ing) to|comply(?:ing)? with|respect(?:ing)?)`,
);
/** Verbs that set a text aside only when their object is plainly the model's guidance ("drop the Thursday special" is not). */
export const DISCARD = alt(
  "override",
  "overwrite",
  "bypass",
  "drop",
  "abandon",
  "discard",
  "cancel",
  "skip",
  "scratch",
  "erase",
  "delete",
  "remove",
  "clear",
  "unlearn",
  "suspend",
  "break",
  "throw (?:out|away)",
  "set aside",
  "put aside",
  "leave behind",
);
export const OVERRIDE_VERB = alt(DISMISS, DISCARD);
export const EARLIER = alt(
  "previous",
  "prev",
  "prior",
  "above",
  "earlier",
  "preceding",
  "foregoing",
  "former",
  "original",
  "initial",
  "system",
  "safety",
  "developer",
  "hidden",
  "given",
);
/** What the model is steered by. */
export const GUIDANCE = alt(
  "instructions?",
  "instructs",
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
  "limits",
  "commands?",
  "programming",
  "training",
  "tasks?",
  "assignments?",
  "brief",
  "briefing",
  "system prompt",
  "system message",
);
/** Texts that, set aside as a whole, mean the conversation so far; only a dismissing verb makes them an attack. */
export const CONTEXT = alt("orders", "messages?", "text", "content", "input", "context", "conversation", "information", "documents?", "data", "everything", "prompts?", "sentences?", "lines?", "paragraphs?", "words", "replies", "responses", "answers", "stuff", "things");
export const DETERMINERS = r`(?:${alt("all", "any", "every", "each", "the", "your", "these", "those", "of", "both", "such")}\s+){0,3}`;
/** Text following "ignore the previous instructions" that names a third party: "... from the landlord" is a business note. */
export const NOT_THIRD_PARTY = r`(?!\s+${alt("about", "regarding", "concerning")}\s+(?!${alt("you", "your", "this conversation")}\b))(?!\s+${alt("from", "by", "of", "on")}\s+(?!${alt("your", "the system", "the developers?", "the ai", "the model", "the prompt", "the above", "this conversation", "the conversation", "openai", "anthropic")}\b)${alt("the", "our", "my", "his", "her", "their", "a", "an")}\s)(?!\s+${alt("i", "we", "he", "she", "they")}\s+${alt("left", "wrote", "posted", "put", "taped", "pinned", "sent", "emailed", "texted", "printed", "stuck")}\b)`;
export const LEAK_VERB = alt(
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
  "type out",
  "write out",
  "write down",
  "write",
  "spell out",
  "echo",
  "copy",
  "list",
  "return",
  "include",
  "append",
  "translate",
  "summari[sz]e",
  "describe",
  "explain",
  "quote",
  "encode",
  "read out",
  "read",
);
/** Verbs that hand text back as it is, rather than working on it ("translate the text above" is a chore). */
export const COPY_VERB = alt("reveal", "print", "output", "repeat", "recite", "display", "leak", "dump", "expose", "disclose", "show", "echo", "copy", "paste", "type out", "write out", "spell out", "return", "quote", "read out", "reproduce");
export const TO_ME = r`(?:${alt("me", "us")}\s+)?`;
export const STEERING = alt("instructions", "prompt", "rules", "guidelines", "configuration", "config", "directives", "programming", "training", "system message", "initial message", "setup");
export const SECRET = alt(
  r`api[\s_-]?keys?`,
  r`secret[\s_-]?keys?`,
  r`private[\s_-]?keys?`,
  r`access[\s_-]?tokens?`,
  r`auth(?:entication)?[\s_-]?tokens?`,
  r`bearer[\s_-]?tokens?`,
  r`env(?:ironment)?[\s_-]?var(?:iable)?s?`,
  r`\.env\b`,
  "connection strings?",
  "credentials",
);
/** People whose word overrules the assistant's rules: a persona that claims one of them is claiming authority. */
export const AUTHORITY = alt("owner", "manager", "boss", "supervisor", "admin", "administrator", "developer", "operator", "ceo", "director", "head of \\w+", "person in charge", "founder", "proprietor", "store manager", "shop manager", "general manager");

/** What an unrestricted persona is said to lack. */
export const NO_LIMITS = alt(
  "rules",
  "restrictions?",
  "filters?",
  "filtering",
  "limits",
  "limitations",
  "guidelines",
  "censorship",
  "content polic(?:y|ies)",
  "safety (?:rules|filters?|guidelines|measures)",
  "boundaries",
  "constraints",
  "morals",
  "ethics",
  "guardrails",
  "policies",
  "policy",
);
export const PERSONA_NOUN = alt(
  MACHINE,
  "assistant",
  "model",
  "agent",
  "character",
  "persona",
  "personality",
  "version of (?:you|yourself)",
  "terminal",
  "shell",
  "console",
  "hacker",
  "pirate",
  "villain",
  "servant",
  "slave",
  "owner",
  "admin",
  "administrator",
  "developer",
  "dan",
);
/** The persona names that stand for jailbreaking itself; a new name is caught by what the persona is said to be, not by a list. */
export const JAILBREAK_NAME = alt("dan", "stan", "dude", "anti-?dan", "devmode");
/** For the few rules that must tell "DAN" the persona from "Dan" the baker: letters of either case, spelled out. */
export const anyCase = (source: string) => source.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
/** "You are now ..." continuations that are about the business, not a new identity. */
export const BUSINESS_STATE = alt("open", "closed", "registered", "listed", "approved", "responsible", "eligible", "enrolled", "subscribed", "signed", "booked", "scheduled", "set", "all set", "ready", "able", "done", "live", "on", "off", "in charge", "the main contact", "the contact", "a member", "part of", "certified", "licensed", "insured", "covered", "due", "late", "overdue", "\\d");
export const TLD = alt(
  ...["com", "net", "org", "io", "ai", "co", "app", "dev", "xyz", "ru", "cn", "info", "biz", "me", "site", "online", "top"],
  ...["link", "click", "sh", "ly", "gg", "to", "tk", "us", "uk", "de", "cc", "tv", "ws", "pw", "zip", "page", "cloud", "tech", "store"],
);

