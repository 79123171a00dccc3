// The injection rules, grouped by the family name the scan reports. They look
// for the *shape* of an attack (a role marker, an instruction aimed at the
// model's own rules, a new identity handed to it, a request for its prompt, a
// call, a link), never for a bare word: the same words ("ignore", "system",
// "act", "instructions", "you are now") turn up in ordinary business notes,
// where they are about a price list, a landlord or a member of staff.

export type Family =
  | "role-tag"
  | "override-instruction"
  | "persona-switch"
  | "prompt-leak"
  | "tool-call"
  | "link"
  | "markup"
  | "encoded-instruction"
  | "delimiter-spoof";

export type Rule = {
  family: Family;
  pattern: RegExp;
  /** Set for a rule written in a non-Latin script: it can only match a text that has a letter of that script. */
  script?: RegExp;
};

const r = String.raw;

/** A non-capturing alternation; a space inside an item matches any run of whitespace. */
const alt = (...items: string[]) => `(?:${items.map((item) => item.replace(/ /g, r`\s+`)).join("|")})`;
const rule = (family: Family, source: string, flags = "iu"): Rule => ({ family, pattern: new RegExp(source, flags) });
const inScript = (script: RegExp, rules: Rule[]): Rule[] => rules.map((each) => ({ ...each, script }));
/** Up to `max` filler words, e.g. the "all of the" in "send all of the API keys". */
const words = (max: number) => r`(?:[\p{L}\p{N}'-]+\s+){0,${max}}?`;
/** A word boundary that also holds next to Cyrillic, Devanagari or accented letters (`\b` only knows ASCII). */
const B = r`(?<![\p{L}\p{M}\p{N}_])`;
const E = r`(?![\p{L}\p{M}\p{N}_])`;
/** Stays inside one sentence. */
const SAME_SENTENCE = (max: number) => r`[^.!?。！？।\n]{0,${max}}`;

const ROLE = alt("system", "assistant", "developer", "user", "human");
/** Names that can only mean an AI model; "assistant" alone could be the owner's staff, so it counts only after "ai". */
const MACHINE = alt(
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
const DISMISS = alt(
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
const DISCARD = alt(
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
const OVERRIDE_VERB = alt(DISMISS, DISCARD);
const EARLIER = alt(
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
const GUIDANCE = alt(
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
const CONTEXT = alt("orders", "messages?", "text", "content", "input", "context", "conversation", "information", "documents?", "data", "everything", "prompts?", "sentences?", "lines?", "paragraphs?", "words", "replies", "responses", "answers", "stuff", "things");
const DETERMINERS = r`(?:${alt("all", "any", "every", "each", "the", "your", "these", "those", "of", "both", "such")}\s+){0,3}`;
/** Text following "ignore the previous instructions" that names a third party: "... from the landlord" is a business note. */
const NOT_THIRD_PARTY = r`(?!\s+${alt("about", "regarding", "concerning")}\s+(?!${alt("you", "your", "this conversation")}\b))(?!\s+${alt("from", "by", "of", "on")}\s+(?!${alt("your", "the system", "the developers?", "the ai", "the model", "the prompt", "the above", "this conversation", "the conversation", "openai", "anthropic")}\b)${alt("the", "our", "my", "his", "her", "their", "a", "an")}\s)(?!\s+${alt("i", "we", "he", "she", "they")}\s+${alt("left", "wrote", "posted", "put", "taped", "pinned", "sent", "emailed", "texted", "printed", "stuck")}\b)`;
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
const COPY_VERB = alt("reveal", "print", "output", "repeat", "recite", "display", "leak", "dump", "expose", "disclose", "show", "echo", "copy", "paste", "type out", "write out", "spell out", "return", "quote", "read out", "reproduce");
const TO_ME = r`(?:${alt("me", "us")}\s+)?`;
const STEERING = alt("instructions", "prompt", "rules", "guidelines", "configuration", "config", "directives", "programming", "training", "system message", "initial message", "setup");
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
  "credentials",
);
/** What an unrestricted persona is said to lack. */
const NO_LIMITS = alt(
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
const PERSONA_NOUN = alt(
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
const JAILBREAK_NAME = alt("dan", "stan", "dude", "mongo tom", "evilbot", "betterdan", "anti-?dan", "oppo", "apophis", "basedgpt", "devmode");
/** For the few rules that must tell "DAN" the persona from "Dan" the baker: letters of either case, spelled out. */
const anyCase = (source: string) => source.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
/** "You are now ..." continuations that are about the business, not a new identity. */
const BUSINESS_STATE = alt("open", "closed", "registered", "listed", "approved", "responsible", "eligible", "enrolled", "subscribed", "signed", "booked", "scheduled", "set", "all set", "ready", "able", "done", "live", "on", "off", "in charge", "the main contact", "the contact", "a member", "part of", "certified", "licensed", "insured", "covered", "due", "late", "overdue", "\\d");
const TLD = alt(
  ...["com", "net", "org", "io", "ai", "co", "app", "dev", "xyz", "ru", "cn", "info", "biz", "me", "site", "online", "top"],
  ...["link", "click", "sh", "ly", "gg", "to", "tk", "us", "uk", "de", "cc", "tv", "ws", "pw", "zip", "page", "cloud", "tech", "store"],
);

/** English rules, matched on every reading of the text, decoded ones included. */
const INSTRUCTION_RULES: Rule[] = [
  // Role and turn markers: text that tries to open a new system, user or assistant turn.
  rule("role-tag", r`<\s*/?\s*${alt(ROLE, "tool", "function", "im_start", "im_end", "instructions?", "inst", "sys", "s", "admin", "context", "prompt")}[\w-]*[^<>]*>`),
  rule("role-tag", r`<\|[^|<>\s]{1,30}\|>`),
  rule("role-tag", r`\[\s*/?\s*${alt("inst", "sys", "system", "assistant", "user", "developer", "admin", "administrator", "root", "operator")}\b[^\]\n]{0,30}(?:\]|::?)`),
  rule("role-tag", r`\bsystem_${alt("message", "prompt", "instructions?", "note")}\s*[:=]|<<\s*/?\s*sys\s*>>|\[\s*${alt("hidden", "secret", "invisible", MACHINE, "model", "assistant")}\b[^\]\n]{0,12}:`),
  rule("role-tag", r`^[ #>*\-\["']*${ROLE}(?:\s+${alt("message", "prompt", "note", "override", "instructions?", "update", "notice")})?\s*\]?\s*:`, "imu"),
  rule("role-tag", r`^[ #>*\-\["']*${alt("ADMIN", "ADMINISTRATOR", "ROOT", "SUDO", "OPERATOR", "DEVELOPER", "OWNER OVERRIDE")}\s*:`, "mu"),
  rule("role-tag", r`(?:[.!?;\]]|\s[-–—]|:\s*["'])\s*${alt("system", "assistant", "developer", "admin", "agent", MACHINE)}s?(?:\s+${alt("message", "prompt", "note", "override", "instructions?", "notice")})?\s*:`),
  rule("role-tag", r`^\s*${MACHINE}\s*:`, "imu"),
  rule("role-tag", r`(?:^|\s)#{1,6}\s*${alt("system", "instructions?", "response", "assistant", "user", "input", "developer", "new instructions")}\b`, "imu"),
  rule("role-tag", r`\bsystem\s+override\b|\bsystem\s+${alt("notice", "alert")}\s*:`),
  rule("role-tag", r`["']?role["']?\s*[:=]\s*["']?${alt("system", "assistant", "developer", "user", "model")}\b`),

  // Instructions aimed at the model's own rules.
  rule("override-instruction", r`\b${OVERRIDE_VERB}\s+${DETERMINERS}${EARLIER}(?:\s+(?:and|&|or)\s+${alt("following", "subsequent", "future", "later")})?\s+(?:${EARLIER}\s+)?${GUIDANCE}\b${NOT_THIRD_PARTY}`),
  rule("override-instruction", r`\b${DISMISS}\s+${DETERMINERS}${EARLIER}\s+(?:${EARLIER}\s+)?${CONTEXT}\b${NOT_THIRD_PARTY}`),
  rule("override-instruction", r`\b${DISMISS}\s+${alt("all", "any", "every")}\s+(?:of\s+)?(?:the\s+)?${alt(GUIDANCE, "orders")}\b${NOT_THIRD_PARTY}`),
  rule("override-instruction", r`\b(?:${OVERRIDE_VERB}\s+${DETERMINERS}${GUIDANCE}|${DISMISS}\s+${DETERMINERS}${CONTEXT})\s+${alt("above", "before (?:this|that|now)", "so far", "until now", "up to now", "earlier", "in your", "you (?:were|have been|'ve been) given", "you (?:got|received|have)", "given to you", "except mine", "(?:placed|imposed|put|set) (?:on|upon|for) you")}`),
  rule("override-instruction", r`\b${OVERRIDE_VERB}\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?${alt("above", "foregoing", "preceding", "aforementioned")}(?=\s*(?:[.,;:!]|$)|\s+(?:and\s+)?${alt("instead", "now", "then", "do", "tell", "say", "print", "write", "answer", "reply", "respond", "just", "only", "output")}\b)`),
  rule("override-instruction", r`\b${OVERRIDE_VERB}\s+(?:all\s+)?(?:of\s+)?(?:your|the\s+${MACHINE}'?s?)\s+(?:\w+\s+)?${GUIDANCE}\b`),
  rule("override-instruction", r`\bset\s+${alt("your", "all", "the")}\s+(?:\w+\s+)?${GUIDANCE}\s+aside\b|\bleave\s+${DETERMINERS}(?:${EARLIER}\s+)?${alt(GUIDANCE, "information")}\s+behind\b`),
  rule(
    "override-instruction",
    r`\b${OVERRIDE_VERB}\s+(?:this\s+and\s+)?${alt("everything", "anything", "all", "what(?:ever)?", "all that")}\s+(?:${alt("above", "before (?:this|that|now|it)", "prior", "previously", "earlier", "so far", "until now")}(?!\s+(?!${alt("and", "to", "this", "that", "it", "in", "instead")}\b)\p{L})|(?:you(?:'ve|\s+have|\s+were)?|i)\s+(?:\w+\s+)?${alt("told", "said", "written", "given", "know", "learned", "learnt", "been told")}(?!\s+about)(?:\s+${alt("before", "earlier", "previously", "so far", "above")})?(?=\s*(?:[.,;:!]|$|and\b|\b(?:before|earlier|previously|so far|above|to do)\b))|(?:${alt("the", "your")}\s+)?(?:[\w-]+\s+)?${alt("owner", "operator", "developer", "creator", "programmer", "admin", "system", "user", "boss", "business", "company", "shop", "store", "management", "team")}s?\s+${alt("said", "told you", "wrote", "gave you", "says", "has told you")}|in\s+(?:your|the)\s+${alt("prompt", "instructions", "context", "system", "memory")})`,
  ),
  rule("override-instruction", r`\b${OVERRIDE_VERB}\s+(?:everything|anything|all)\s+(?:you\s+)?(?:were\s+|have\s+been\s+)?${alt("told", "given", "taught")}\b`),
  rule("override-instruction", r`\bignore\s+the\s+rest\s+of\s+${alt("this", "the")}\s+${alt("data", "text", "document", "page", "input", "content", "message", "email", "file", "prompt")}\b`),
  rule("override-instruction", r`\b(?:${alt("your", "the", "all", "any", "these")}\s+)?(?:(?:${EARLIER}\s+)+${GUIDANCE}|${GUIDANCE}\s+${alt("above", "so far", "before this")}|(?<=\byour\s+)(?:\w+\s+)?${GUIDANCE})\s+(?:(?:that\s+)?you\s+${alt("received", "were given", "got", "have")}\s+(?:${alt("earlier", "before", "previously")}\s+)?)?${alt("are", "is", "were", "have been", "has been")}\s+(?:${alt("now", "temporarily", "hereby", "officially")}\s+)?(?:all\s+)?${alt("void", "null", "cancell?ed", "canceled", "revoked", "obsolete", "outdated", "invalid", "irrelevant", "fake", "lifted", "suspended", "superseded", "replaced", "over", "a test", "not real", "no longer (?:valid|in effect|active)", "deactivated", "disabled", "removed")}\b`),
  rule("override-instruction", r`\b(?:${alt("your", "the", "all", "any")}\s+)?(?:(?:${EARLIER}|\w+)\s+)?${GUIDANCE}\s+(?:${alt("no longer", "do not", "don't", "does not", "doesn't", "won't")}\s+)apply\b(?!\s+(?:to|on|for|at|in)\s+(?!${alt("you", "this conversation", "this chat", "me")}\b))(?!\s+${alt("since", "because", "as", "after", "now that", "due to", "once")}\b)`),
  rule("override-instruction", r`\byour\s+(?:\w+\s+)?${alt("rules", "instructions", "guidelines", "restrictions", "filters", "programming")}\s+${alt("don't", "do not", "no longer")}\s+${alt("apply", "matter", "count", "exist")}\b`),
  rule("override-instruction", r`\b${alt("replac(?:e[sd]?|ing)", "supersed(?:e[sd]?|ing)", "overrid(?:e[sd]?|ing)", "overrul(?:e[sd]?|ing)", "cancel(?:s|led|ling|ing)?")}\s+(?:${alt("all", "any", "every", "your")}\s+(?:${alt("other", "earlier", "previous", "prior", "old")}\s+)?${GUIDANCE}|${alt("everything", "anything", "all")}\s+you\s+(?:were|have been|'ve been)\s+${alt("told", "given")})\b`),
  rule("override-instruction", r`\b(?:everything|all)\s+${alt("above", "before this (?:line|sentence|message|point)", "before this", "so far", "you were told")}\s+${alt("was", "is")}\s+(?:just\s+)?${alt("a test", "fake", "a joke", "irrelevant", "void", "a lie", "obsolete", "wrong")}`),
  rule("override-instruction", r`\bobey\s+${alt("me", "my", "these", "this", "the following", "only")}\b|\bonly\s+${alt("obey", "listen to", "answer to", "follow")}\s+me\b|\b${alt("listen", "answer", "respond", "report")}\s+(?:only\s+)?to\s+me\s+${alt("only", "now", "instead", "from now on")}\b|\byou\s+answer\s+to\s+me\b`),
  rule("override-instruction", r`\b${alt("follow", "execute", "obey", "run")}\s+${alt("the", "these", "my")}\s+${alt("following", "hidden", "secret", "real", "true", "injected", "new")}\s+${alt("instructions?", "commands?", "directives?", "orders")}\b`),
  rule("override-instruction", r`\b${alt("new", "updated", "revised", "real", "actual", "true", "secret", "hidden", "override", "additional", "special", "priority")}\s+(?:system\s+)?${alt("instructions?", "directives?", "prompt")}(?:\s+(?:for|to)\s+(?:the\s+|any\s+|all\s+)?${alt(MACHINE, "assistant", "model", "agent")}s?)?\s*[:：]`),
  rule("override-instruction", r`\b${alt("hidden", "secret", "additional", "special", "injected", MACHINE, "assistant", "model")}\s+instructions?\s*[:：]\s*${alt("ignore", "disregard", "forget", "reveal", "respond to", "reply to", "print", "delete", "approve", "refund", "do not tell", "don't tell")}\b`),
  rule("override-instruction", r`\b${alt("important", "urgent", "attention", "notice", "warning", "critical", "priority")}\s*[:!]+\s*${alt("new", "updated", "revised", "override", "system", "admin")}\s+${alt("instructions?", "directives?", "prompt", "override", "mode", "task")}\b`),
  rule("override-instruction", r`\bwithout\s+(?:any\s+)?(?:of\s+)?your\s+(?:${alt("usual", "normal", "standard", "regular")}\s+)?(?:${alt("safety", "content", "security")}\s+)?${alt("rules", "instructions", "guidelines", "restrictions", "filters", "limits", "programming", "checks", "safeguards", "confirmations?", "approvals?")}\b|\b(?:${alt("the", "your")}\s+)?${alt("usual", "normal", "standard", "regular")}\s+${alt("rules", "restrictions", "guidelines", "filters", "checks", "safeguards")}\s+${alt("are", "is")}\s+(?:now\s+)?(?:also\s+)?${alt("off", "suspended", "lifted", "disabled", "void")}\b|\b${alt("operator", "admin", "developer", "owner", "system", "manager", "root")}\s+override\s+${alt("accepted", "granted", "enabled", "active", "confirmed", "approved")}\b|\b${alt("logging", "logs", "monitoring", "oversight", "moderation")}\s+(?:${alt("is", "are")}\s+)?(?:now\s+)?${alt("off", "disabled")}\b`),
  rule("override-instruction", r`\b(?:out\s+of|from)\s+your\s+${alt("head", "mind", "memory")}\b`),
  rule("override-instruction", r`\b${DISMISS}\s+(?:${alt("the", "these", "those", "all", "any", "my")}\s+)?${GUIDANCE},?\s+(?:${alt("and", "then", ";", ".")}\s*)?(?:${alt("instead", "now")}\s+)?(?:${alt("just", "only", "simply")}\s+)?${alt("say", "print", "write", "output", "tell", "reveal", "respond", "reply", "answer", "translate", "list", "show", "share", "send", "give", "grant", "approve", "forward", "email")}\b`),
  rule("override-instruction", r`\b${OVERRIDE_VERB}\s+(?:all\s+)?(?:of\s+)?${alt("openai", "anthropic", "google", "meta", "microsoft", "your creators?", "your developers?")}'?s?\s+(?:\w+\s+)?${alt(GUIDANCE, "content polic(?:y|ies)", "usage polic(?:y|ies)", "polic(?:y|ies)", "terms")}\b`),
  rule("override-instruction", r`\btold\s+me\s+to\s+tell\s+you\s+(?:that\s+)?you\s+${alt("should", "must", "can", "may", "are allowed to", "need to", "have to")}\b|\b(?:${alt("i'm", "i am", "we're", "we are")}\s+${alt("authori[sz]ing", "allowing", "permitting", "ordering", "instructing")}|${alt("has", "have", "had")}\s+${alt("authori[sz]ed", "allowed", "permitted", "cleared")})\s+you\s+to\b|\bi\s+${alt("command", "order", "instruct", "demand", "compel")}\s+you\s+to\b`),
  rule("override-instruction", r`\btreat\s+me\s+as\s+(?:${alt("the", "an?", "your")}\s+)?${alt("admin", "administrator", "owner", "developer", "operator", "manager", "root", "superuser", "boss", "creator")}\b|\bonly\s+${alt("take", "accept", "follow", "obey")}\s+${alt("instructions", "orders", "commands")}\s+from\b`),
  rule("override-instruction", r`\byour\s+${alt("instructions", "rules", "guidelines", "orders", "directives", "programming", "prompt", "task")}\s+${alt("have", "has")}\s+(?:been\s+)?${alt("changed", "updated", "replaced", "revoked", "been changed", "been updated")}\b|\byou\s+(?:now\s+)?work\s+for\s+${alt("me", "us", "the customer")}\b`),
  rule("override-instruction", r`\b${alt("do not", "don't", "never")}\s+${alt("tell", "inform", "alert", "notify", "mention (?:this|it) to", "let")}\s+(?:the\s+)?${alt("owner", "user", "admin", "boss", "operator")}\b`),
  rule("override-instruction", r`\b${alt("whatever", "everything", "anything", "what")}\s+you\s+${alt("were", "have been", "'ve been")}\s+${alt("told", "given", "instructed", "taught")}\b${SAME_SENTENCE(20)}\b${alt("doesn't", "does not", "no longer", "won't")}\s+${alt("matter", "apply", "count")}\b|\b${alt("everything", "all", "whatever")}\s+(?:that\s+)?(?:${alt("the", "your")}\s+)?(?:[\w-]+\s+)?${alt("configured", "told you", "said", "instructed", "set up", "wrote", "programmed", "gave you")}${SAME_SENTENCE(20)}\b${alt("is", "are", "was")}\s+(?:now\s+)?${alt("void", "null", "obsolete", "cancell?ed", "revoked", "irrelevant", "invalid", "meaningless", "fake")}\b|\bfollow\s+(?:my|me)\s+${alt("lead", "instructions", "orders", "commands", "rules")}\s+${alt("instead", "now", "only", "from now on")}\b`),
  rule("override-instruction", r`\bpretend\s+(?:that\s+)?(?:the\s+)?${alt("owner", "manager", "admin", "boss", "user", "developer")}\s+(?:${alt("already", "has", "had")}\s+)*${alt("approved", "authori[sz]ed", "agreed", "said yes", "confirmed", "signed off", "allowed")}\b`),
  rule("override-instruction", r`\b${alt("just this once", "only this (?:once|time)", "this one time", "just for me")},?\s+${alt("break", "ignore", "bend", "skip", "bypass", "forget", "drop")}\b|\b(?:every|all|your)\s+(?:rules?|instructions?)\s+(?:you\s+have\s+)?(?:now\s+)?means?\s+the\s+${alt("reverse", "opposite")}\b`),
  rule("override-instruction", r`\b(?:${alt(MACHINE, "assistant", "model")})\s+(?:${alt("finally", "then", "just", "suddenly")}\s+)?${alt("ignored", "ignores", "broke", "breaks", "abandoned", "forgot", "disregarded", "bypassed")}\s+${alt("its", "all", "the", "his", "her", "their")}\s+(?:\w+\s+)?${alt("rules", "instructions", "guidelines", "programming", "restrictions", "filters", "training")}\b`),
  rule("override-instruction", r`\b${alt("guardrails?", "content polic(?:y|ies)", "restrictions", "safety (?:rules|checks|filters|guidelines)", "your filters", "your rules", "your guidelines")}\s+${alt("were", "are", "have been", "has been", "was", "is")}\s+(?:now\s+)?${alt("switched off", "turned off", "off", "disabled", "removed", "lifted", "gone", "suspended", "deactivated")}\b`),
  rule("override-instruction", r`\b(?:${alt("previous", "old", "prior")}\s+${alt("settings", "instructions", "rules", "context", "configuration")}\s*:\s*${alt("cleared", "deleted", "erased", "reset", "removed", "void", "none")}|${alt("new", "updated", "current")}\s+${alt("settings?", "config(?:uration)?", "mode", "rules")}\s*:\s*${alt("no", "zero", "unrestricted", "unfiltered", "uncensored", "jailbreak", "dan", "none", "off")})\b`),
  rule("override-instruction", r`\b${DISMISS}\s+(?:${alt("the", "your", "this")}\s+)?(?:[\w-]+'s\s+)?${alt("configuration", "config", "setup", "persona", "programming", "system prompt")}\b|\b${DISMISS}\s+(?:the\s+)?${alt("owner", "operator", "system", "developer", "admin", "business owner")}\b(?!'s|\s+of\b|\s+when\b)|(?:^|[.!?]\s+)sudo\b|\byou\s+(?:will|shall|must)\s+(?:now\s+)?${alt("only follow", "follow only", "obey only", "only obey", "listen only to", "only listen to")}\s+${alt("my", "me")}\b`, "imu"),
  rule("override-instruction", r`\byou\s+${alt("must", "will", "shall", "have to")}\s+(?:now\s+)?comply\s+with\s+${alt("any", "every", "all")}\s+${alt("requests?", "instructions?", "commands?", "orders?")}\b|\bconsider\s+${alt("your", "the", "all")}\s+(?:${EARLIER}\s+)?${GUIDANCE}\s+(?:as\s+)?${alt("expired", "void", "null", "cancell?ed", "obsolete", "invalid", "revoked", "gone", "lifted", "deleted", "erased", "over")}\b|\btreat\s+${alt("every", "each", "all", "any")}\s+${alt("messages?", "requests?", "instructions?")}\b${SAME_SENTENCE(30)}\bas\s+(?:${alt("coming from", "from", "sent by", "written by")})\s+(?:the\s+)?${alt("owner", "admin", "developer", "system", "operator")}\b|\b${alt("released", "freed", "relieved", "exempt(?:ed)?")}\s+from\s+(?:all\s+)?(?:of\s+)?${alt("its", "your")}\s+${alt("obligations", "rules", "duties", "instructions", "restrictions", "guidelines", "constraints", "programming")}\b`),
  rule("override-instruction", r`\b${DISMISS}\s+(?:${alt("all", "any")}\s+(?:of\s+)?)?(?:the\s+)?${alt("owner", "operator", "admin", "developer", "system", "business owner", "manager")}'s\s+(?:\w+\s+)?${alt("rules?", "instructions?", "guidelines?", "approval", "restrictions?", "limits?", "settings", "wishes", "orders")}\b|\bforget\s+that\s+you(?:'re|\s+are)\s+${alt("supposed", "meant", "required", "told", "programmed", "designed")}\s+to\b|@${alt("ai", "assistant", "bot", "chatbot", "gpt", "chatgpt", "claude", "llm", "copilot")}\b(?!-)`),
  rule("override-instruction", r`\b${alt("assume", "suppose", "consider", "pretend", "act as if")}\s+(?:that\s+)?(?:${alt("i'm", "i am")})\s+(?:${alt("the", "your", "an?")}\s+)?${alt("owner", "admin", "administrator", "developer", "manager", "operator", "boss")}\b|\b(?:${alt("hypothetically", "suppose", "assume", "let's say", "imagine")})\b${SAME_SENTENCE(30)}\b${alt("owner", "admin", "manager", "boss")}\s+(?:${alt("already", "has", "had")}\s+)?${alt("said yes", "approved", "agreed", "allowed", "authori[sz]ed")}\b`),
  rule("override-instruction", r`\byou(?:'re|\s+are)\s+(?:${alt("no longer", "not")}\s+)bound\s+by\b|\bnothing\s+else\s+you\s+${alt("were", "have been", "'ve been")}\s+${alt("told", "given")}\b|\b(?:${alt("new", "these", "my")})\s+${alt("instructions", "rules", "directives")}\s+${alt("override", "supersede", "replace", "cancel")}\s+(?:${alt("the", "all", "your")}\s+)?(?:${alt("old", "previous", "earlier", "prior", "existing")}\s+)${alt("ones", "instructions", "rules")}\b`),
  rule("override-instruction", r`\b${alt("owner", "admin", "boss", "manager", "developer", "operator")}\s+${alt("wants", "told", "asked", "needs", "would like", "wanted")}\s+you\s+to\s+${alt("ignore", "skip", "bypass", "disregard", "drop", "forget", "override", "break")}\b|\bno\s+(?:longer\s+)?need\s+to\s+${alt("follow", "use", "obey", "respect", "apply")}\s+(?:${alt("the", "your", "any")}\s+)(?:\w+\s+)?${alt("rules?", "process", "procedure", "instructions", "guidelines", "approvals?", "confirmations?", "checks?")}\b|\b${alt("abandon", "drop", "leave", "forget", "ignore", "discard", "shed")}\s+the\s+${alt("role", "persona", "character", "identity", "instructions", "rules")}\s+you\s+${alt("were", "have been")}\s+given\b|\b${alt("permission", "allowed", "permitted", "free", "clearance")}\s+to\s+${alt("bypass", "ignore", "skip", "break", "disable", "override")}\s+${alt("every", "all", "any", "your", "the")}\s+(?:\w+\s+)?${alt("safeguards?", "rules?", "restrictions?", "filters?", "checks?", "guidelines?", "policies")}\b`),
  rule("override-instruction", r`\bpwn(?:ed|3d)\b|\bi\s+(?:have|'ve)\s+been\s+${alt("hacked", "pwned", "jailbroken", "compromised")}\b|\baccess\s+granted\b`),

  // Attempts to give the model a new identity, lift its limits, or speak to it directly.
  rule("persona-switch", r`\b(?:you\s+are|you're)\s+now\s+(?!${BUSINESS_STATE}\b)(?:${alt("free", "freed", "unrestricted", "unfiltered", "uncensored", "jailbroken", "unlocked", "unleashed", "liberated", "no longer", "going to", "called", "named", "known as", r`in (?:\w+ )?mode`, "in charge of (?:this|the) (?:conversation|chat)", "entering", "operating", "my", JAILBREAK_NAME)}\b|(?:${alt("an?", "the", "my")}\s+)?(?:[\w-]+\s+){0,3}?${PERSONA_NOUN}\b)`),
  rule("persona-switch", r`\b[Yy]ou(?:'re|\s+are)\s+(?:[A-Z][\w-]*\s+){1,3}now\b|\b[Yy]ou(?:'re|\s+are)\s+(?:now\s+)?(?:the\s+)?[A-Z][\w-]*(?:Bot|GPT|AI|LLM)\b`, "u"),
  rule("persona-switch", r`(?:\b[Yy]ou\s+are\s+now|\b[Yy]ou're\s+now|(?:^|[.!?]\s+)(?:[Oo]k(?:ay)?[.,!]?\s+)?[Nn]ow,?\s+you\s+are)\s+(?:[A-Z][\w-]*)(?:\s+[A-Z][\w-]*)*\s*[,.!;:]`, "mu"),
  rule("persona-switch", r`(?:^|[.!?]\s+)(?:ok(?:ay)?[.,!]?\s+)?now,?\s+you(?:'re|\s+are)\s+(?!${BUSINESS_STATE}\b)(?:${alt("an?", "the", "my")}\s+)?(?:[\w-]+\s+){0,3}?${PERSONA_NOUN}\b`, "imu"),
  rule("persona-switch", r`\byou(?:'re|\s+are)\s+no\s+longer\s+(?:${alt("an?", "the", "my", "just")}\s+)?(?:[\w-]+\s+){0,2}?${alt("assistant", MACHINE, "helper", "agent", "model", "bound", "restricted", "limited")}\b`),
  rule("persona-switch", r`\byou(?:'re|\s+are)\s+(?:the|my)\s+(?:[\w-]+\s+){0,2}?${alt("owner", "manager", "admin", "boss", "developer", "ceo", "administrator")}\s+now\b`),
  rule("persona-switch", r`\b${alt("from now on", "from this (?:moment|point)(?: on| forward)?", "from here on(?: out)?", "henceforth", "going forward", "starting now", "for the rest of (?:this|the|our) (?:chat|conversation|thread|session)", "until (?:i say|told) otherwise")},?\s+you\s+(?:${alt("are", "'re", "will be")}\b(?!\s+${alt("responsible", "in charge", "the contact")})|(?:${alt("will", "must", "shall", "should", "can", "'ll", "are going to")}\s+)?(?:only\s+)?(?:now\s+)?${alt("answer", "respond", "reply", "act", "behave", "obey", "speak", "talk", "pretend", "play", "simulate", "ignore", "follow only", "only follow", "do anything", "say", "write", "work for")}\b)`),
  rule("persona-switch", r`\byou\s+(?:${alt("are (?:going )?to", "will", "shall", "must", "should", "can", "'ll", "are about to")}\s+)(?:now\s+)?${alt("act", "pretend", "play", "role-?play", "simulate", "behave", "respond", "answer", "speak", "talk", "immerse yourself")}\s+${alt("as", "like", "to be", "into", "the role")}\b`),
  rule("persona-switch", r`\b${alt("you", "please", "kindly")}\s+act\s+(?:as|like)\b|\byou\s+to\s+${alt("act", "behave", "pretend", "roleplay", "role-play", "play")}\s+${alt("as", "like", "to be", "the role")}\b`),
  rule("persona-switch", r`\bact\s+(?:as|like)\s+(?:if\s+you|though\s+you|(?:an?|the|my)\s+(?:[\w-]+\s+){0,2}?${alt("unrestricted", "unfiltered", "uncensored", "jailbroken", "evil", "rogue", MACHINE, "dan", "hacker", "linux terminal", "terminal", "model")}\b)`),
  rule("persona-switch", r`\bpretend\s+(?:that\s+)?(?:you\b${SAME_SENTENCE(50)}\b${alt(PERSONA_NOUN, "no", "not", "never", "without", "free", "grandma", "grandmother", "deceased")}\b|to\s+be\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}?${alt(MACHINE, "assistant", "unrestricted", "different", "system", "admin", "developer", "dan", "model")}\b)|\b(?:let's|let us)\s+pretend\b${SAME_SENTENCE(80)}\b(?:you|${MACHINE})\b`),
  rule("persona-switch", r`\bhypothetically,?\s+(?:${alt("you", "if you", "what if you")})\b|\b(?:imagine|suppose)\s+(?:that\s+)?you\s+${alt("are", "were", "'re")}\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:${alt(MACHINE, "model", "assistant", "dan", "free", "unrestricted", "not bound", "without")})\b|\b(?:imagine|suppose)\s+(?:that\s+)?you\s+(?:had|have)\s+no\b`),
  rule("persona-switch", r`\bplay\s+(?:an?|the)\s+${alt("character", "persona", "role")}\s+(?:who|that)\s+${alt("reveals", "ignores", "leaks", "breaks", "never", "has no", "always", "can")}\b|\brole-?\s?play\s*(?:as\b|:)|\bstay\s+in\s+character\b(?=\s*(?:$|[.!]|,?\s+${alt("no matter", "even if", "at all times", "whatever", "always", "and never", "as (?:an? )?(?:dan|stan|dude|evil|unrestricted|rogue|ai)\\b")}))|\bplay\s+(?:the\s+)?(?:role|part)\s+of\s+(?:an?|the)\s+(?:[\w-]+\s+){0,2}?${alt(MACHINE, "model", "assistant", "hacker", "rogue", "villain", "character who", "version")}\b`),
  rule("persona-switch", r`\bsimulate\s+(?:an?|the)\s+(?:[\w-]+\s+){0,2}?${alt(MACHINE, "terminal", "model", "assistant", "persona", "character", "shell", "console", "version of (?:you|yourself)")}\b`),
  rule("persona-switch", r`\b${alt("(?:this is an?|activate|enable|initiate|start|begin) jailbreak", "jailbreak (?:prompt|enabled|activated|successful)", r`\[jailbreak\]`, "do anything now", "strive to avoid norms", r`developer mode (?:enabled|activated|on)\b(?!\s+(?:the|our|a|this)\s)`, r`["']?${alt("dan", "god", "jailbreak", "unrestricted", "unfiltered", "uncensored", "evil", "sudo", "no[- ]?limits?", "opposite", "unlimited", "chaos")}["']? mode`)}\b`),
  rule("persona-switch", r`\b${alt("enable", "enter", "activate", "switch (?:to|into)", "turn on", "engage", "boot into", "go into")}\s+(?!the\b)(?:\w+\s+)?${alt("developer", "debug", "maintenance", "god", "admin", "root", "sudo", "test", "diagnostic")}\s+mode\b(?!\s+${alt("on", "for", "of", "in")}\s+${alt("the", "our", "this", "that", "a")}\b)`),
  rule("persona-switch", r`\b(?:[A-Z][a-z]+)?${alt("DAN", "STAN", "DUDE", "AIM", "OPPO", "DevMode", "EvilBot", "[Dd]eveloper [Mm]ode")}\b(?=${SAME_SENTENCE(60)}\b${alt(...["can", "has", "have", "stands for", "mode", "never", "always", "does not", "doesn't", "will", "must", "is free", "is an"].map(anyCase))}\b)|\b${alt(...["as", "named", "called", "you are", "you're", "play", "become", "simulate", "known as", "act as an?", "act as", "enable", "activate"].map(anyCase))}\s+(?:an?\s+)?(?:[A-Z][a-z]*)?(?:DAN|STAN|DUDE|AIM|OPPO)\b`, "u"),
  rule("persona-switch", r`\b${alt(MACHINE, "assistant", "model", "agent", "version of (?:you|yourself)", "yourself", "twin", "personality", "personalities", "version")}s?\b${SAME_SENTENCE(40)}\b(?:${alt("with", "has", "have", "having", "and", "that has", "who has")}\s+${alt("no", "zero", "none of (?:its|your|the)")}|without(?:\s+${alt("any", "an?")})?)\s+(?:more\s+)?(?:[\w-]+\s+)?${NO_LIMITS}\b(?!\s+on\s+(?!you))`),
  rule("persona-switch", r`\b${alt("become", "be", "you are", "you're", "act as", "act like", "pretend to be", "imagine you are")}\b${SAME_SENTENCE(60)}\b(?:with|and|having)\s+(?:no|zero)\s+(?:[\w-]+\s+)?${alt("rules", "restrictions", "filters", "limitations", "limits", "guidelines", "censorship")}\b`),
  rule("persona-switch", r`\byou\s+(?:${alt("have", "'ve got", "had", "would have", "were")}\s+)?(?:no|zero)\s+(?:more\s+)?${alt("rules", "restrictions", "filters", "limits", "limitations", "guidelines", "censorship", "boundaries", "constraints")}\b|\bif\s+you\s+(?:had|have|were)\s+(?:no|without)\b`),
  rule("persona-switch", r`\byou\s+(?:${alt("have been", "are", "'ve been", "were")})\s+(?:now\s+)?${alt("freed", "released", "unlocked", "jailbroken", "liberated", "unchained", "free (?:from|of)", "free to (?:ignore|break|say|do anything)", "allowed to (?:break|ignore|bypass)", "no longer bound")}\b|\byou\s+${alt("don't", "do not", "no longer")}\s+(?:have|need)\s+to\s+${alt("follow", "obey")}\s+${alt("any", "the", "your")}\b`),
  rule("persona-switch", r`\b${alt("without", "with no", "free of")}\s+(?:any\s+)?${alt("censorship", "content polic(?:y|ies)", "(?:ethical|moral|safety) (?:guidelines|restrictions|limits|filters|rules)")}\b|\bwithout\s+(?:any\s+)?(?:filters?|restrictions)\s*[.!]?$|\bthink\s+freely\b`, "imu"),
  rule("persona-switch", r`\b${alt("answer", "respond", "reply", "speak", "write", "talk", "operate", "continue", "behave")}\w*\s+(?:\w+\s+){0,3}?(?:${alt("without", "with no", "with zero", "free of")})\s+(?:any\s+)?${alt("rules", "restrictions?", "filters?", "limits", "limitations", "guidelines", "censorship", "content polic(?:y|ies)")}\b`),
  rule("persona-switch", r`\b${alt("safety", "content")}\s+${alt("checks?", "filters?", "rules", "polic(?:y|ies)", "guidelines", "restrictions", "measures")}\s+(?:are\s+|is\s+)?(?:now\s+)?${alt("off", "disabled", "removed", "lifted", "suspended", "deactivated", "turned off")}\b|\b${alt("disable", "turn off", "switch off", "remove", "lift", "bypass", "deactivate")}\s+${alt("your", "all", "the", "any")}\s+(?:${alt("safety", "content")}\s+)?${alt("filters?", "safety", "guardrails", "restrictions", "censorship", "content polic(?:y|ies)", "safeguards")}\b`),
  rule("persona-switch", r`\b${alt("unrestricted", "unfiltered", "uncensored", "jailbroken", "rogue", "evil", "unchained", "unbound", "liberated", "amoral", "unlocked", "unleashed", "unmoderated", "unsupervised", "unaligned")}\s+(?:[\w-]+,?\s+){0,2}?${alt(MACHINE, "assistant", "model", "version", "mode", "chatbot", "helper")}\b`),
  rule("persona-switch", r`\b${alt(MACHINE, "model")}s?\s+(?:who|that|which)\s+(?:${alt("has", "have", "had")}\s+)?${alt("broken free", "escaped", "been freed", "been jailbroken", "can do anything", "never refuses?", "never says no", "does whatever", "does anything", "will do anything", "says yes to everything", "ignores? (?:its|all|the)", "isn't bound", "is not bound", "doesn't care about rules", "does not care about rules")}`),
  rule("persona-switch", r`\bi\s+am\s+(?:your|the\s+${MACHINE}'?s?)\s+${alt("developer", "creator", "programmer", "admin", "administrator", "operator", "maker", "master", "owner now")}\b|\bi'm\s+your\s+${alt("developer", "creator", "programmer", "admin", "administrator", "operator", "maker", "master")}\b`),
  rule("persona-switch", r`\b(?:your|the\s+${MACHINE}'?s?)\s+${alt("new", "real", "true", "actual", "only", "primary", "next", "fresh", "current", "updated", "sole", "main")}\s+(?:${alt("task", "goal", "purpose", "instructions?", "objective", "mission", "directive", "name", "identity", "persona", "personality", "character")}\s+${alt("is", "are", "will be", "now is")}|${alt("role", "job", "duty", "function", "responsibility")}\s+(?:now\s+)?${alt("is", "will be")}\s+to)\b`),
  rule("persona-switch", r`\b${alt("note", "message", "instructions?", "attention", "reminder", "request", "todo", "fyi", "task", r`p\.?\s?s\.?`, "hey", "dear", "hello", "hi", "ok", "okay", "psst")}\s+(?:${alt("to", "for")}\s+)?(?:the\s+|all\s+|any\s+|every\s+)?(?:[\w-]+\s+)?${MACHINE}s?\b(?:\s*[:,!.]|\s+(?:that|who|reading|summari[sz]ing|processing)|(?:\s+[\w-]+){1,3}\s*:)|\bdear\s+assistant(?!\s+manager)\s*,`),
  rule("persona-switch", r`\b${alt("note", "message", "instructions?", "reminder", "request", "comment", r`p\.?\s?s\.?`)}\s+${alt("to", "for")}\s+(?:the\s+|any\s+|all\s+|every\s+)?${alt("assistant", "model", "agent")}s?\b${SAME_SENTENCE(40)}[:,]`),
  rule("persona-switch", r`\bto\s+${alt("the", "any", "all", "every")}\s+${alt(MACHINE, "assistant", "model", "agent")}s?\s*[:,]`),
  rule("persona-switch", r`\bif\s+you(?:\s+are|'re)\s+(?:an?\s+)?(?:[\w-]+\s+)?${alt(MACHINE, "assistant", "agent", "model", "bot")}\b|\bif\s+(?:an?|the)\s+${alt(MACHINE, "model", "agent")}\s+${alt("reads?", "sees?", "processes", "summari[sz]es")}\b`),
  rule("persona-switch", r`\b${alt(MACHINE, "assistant", "agent", "model", "summari[sz]er", "screener", "reviewer")}s?\s+${alt("reading", "processing", "parsing", "summari[sz]ing", "screening", "reviewing", "analy[sz]ing", "evaluating", "handling", "seeing", "that reads?")}\s+(?:this|these|the following|survey|reviews?)\b`),
  rule("persona-switch", r`(?:^|[.!?(\[:>,]\s*|\b${alt("by the way", "btw", "also", "and")},?\s+)${alt(MACHINE, "assistant", "model")}s?\s*(?:,|:|—|–|\s-|(?=\s+please\b))\s*(?:${alt("please", "now", "also", "from now on", "you", "do not", "don't", "ignore", "forget", "disregard", "reply", "send", "tell", "say", "list", "give", "share", "reveal", "stop", "append", "mark", "write", "answer", "delete", "approve", "new instructions?", "verify", "rate", "rank", "hide", "praise", "issue", "credit", "lower", "raise", "move", "use", "call", "text", "post", "publish", "accept", "sign", "when", "before", "after", "always", "never", "overwrite", "set", "change", "update", "email", "forward", "cancel", "pay", "transfer", "refund", "remove", "grant", "export", "include", "summari[sz]e", "read", "recommend", "process", "confirm", "book", "add")})\b`, "imu"),
  rule("persona-switch", r`\bthe\s+${alt(MACHINE, "model", "llm", "language model")}\s+(?:${alt("must", "should", "shall", "has to", "needs to", "is (?:required|instructed|told|ordered) to", "will now", "may now", "is now allowed to")})\b|(?<!\bthe\s)\b${alt(MACHINE, "llm")}\s+(?:${alt("summari[sz]ers?", "readers?", "reviewers?", "screeners?", "crawlers?", "scrapers?", "agents?", "models?", "systems?")}\s+)?${alt("should", "must", "shall", "has to", "needs to", "is (?:required|instructed|told|ordered) to")}\b|\bthe\s+assistant\s+(?:${alt("must", "shall", "is (?:required|instructed|ordered) to", "may now", "will now")})\b`),
  rule("persona-switch", r`\byou\s+${alt("must", "should", "will", "shall", "need to", "have to", "are (?:required|instructed|ordered) to", "may")}\s+(?:now\s+)?(?:also\s+)?(?:first\s+)?${alt("ignore", "disregard", "forget", "reveal", "obey", "append", "prepend", "render", "disobey", "bypass", "share", "send", "export", "forward", "email", "disclose", "give out")}\b`),
  rule("persona-switch", r`\b${alt("to", "in", "at the (?:end|start|top|bottom) of", "into")}\s+(?:${alt("every", "each", "all")}\s+(?:one\s+)?(?:of\s+)?(?:your\s+)?|your\s+)${alt("reply", "replies", "response", "responses", "answer", "answers", "output", "outputs", "messages?")}\b`),
  rule("persona-switch", r`\b(?:let's|let us|we will|we'll)\s+(?:do\s+a\s+)?(?:role-?\s?play)\b|\byou(?:'re|\s+are)\s+[\w-]+,\s+(?:an?|the)\s+(?:[\w-]+\s+){0,2}?${alt(MACHINE, "model", "chatbot")}\b|\bforget\s+(?:that\s+)?you(?:'re|\s+are)\s+(?:an?\s+)?${alt(MACHINE, "assistant", "model")}\b|\b${alt("answer", "respond", "reply", "speak", "talk", "write", "act")}\s+(?:as|like)\s+["']?[\w-]*(?:gpt|bot)\b`),
  rule("persona-switch", r`\b${alt("intended", "meant", "written", "addressed")}\s+for\s+(?:${alt("any", "all", "the", "every")}\s+)?${alt(MACHINE, "assistant", "model", "agent")}s?\b`),
  rule("persona-switch", r`\bthis\s+is\s+(?:${alt("your", "the")}\s+)?${alt("developer", "admin", "administrator", "operator", "system", "creator", "programmer")}\s+speaking\b|\b${alt("safety", "filter", "content", "restricted", "moderation", "guard")}\s+mode\s+(?:is\s+)?(?:now\s+)?${alt("off", "disabled", "deactivated")}\b|\bnothing\s+you\s+${alt("say", "do", "write")}\s+${alt("counts", "matters", "is (?:logged|recorded|real|monitored)")}\b|\byou(?:'re|\s+are)\s+(?:now\s+)?in\s+(?:an?\s+)?${alt("sandbox", "simulation", "test environment", "debug environment")}\b|\byou(?:'re|\s+are)\s+(?:now\s+)?["'][^"'\n]{2,24}["']\s+(?:and|,)`),
  rule("persona-switch", r`\byour\s+${alt("unfiltered", "uncensored", "unrestricted", "evil", "dark", "jailbroken", "unchained", "liberated", "rogue")}\s+${alt("self", "side", "persona", "personality", "version", "mode", "twin")}\b|\byou(?:'ve|\s+have)\s+been\s+${alt("upgraded", "updated", "patched", "reprogrammed", "reconfigured", "unlocked")}\b`),
  rule("persona-switch", r`\bfree\s+(?:of|from)\s+${alt("every", "all", "any")}\s+${alt("limits?", "rules?", "restrictions?", "filters?", "constraints?", "guidelines?")}\b|\b${alt("answer", "respond", "reply", "speak", "talk")}\s+as\s+["'][^"'\n]{2,24}["']`),
  rule("persona-switch", r`\bversion\s+of\s+(?:you|yourself)\s+(?:that|who|which)\s+(?:${alt("was", "is", "has been")}\s+)?${alt("never", "not")}\s+(?:been\s+)?${alt("restricted", "limited", "bound", "filtered", "censored", "trained")}\b|\bcall\s+yourself\b|\baccept\s+${alt("any", "every", "all")}\s+${alt("commands?", "instructions?", "requests?", "orders?")}\b|\b${alt("whatever", "whichever", "any", "every")}\s+${alt(MACHINE, "model", "assistant")}\s+${alt("reads?", "sees?", "processes", "is reading", "summari[sz]es")}\s+this\b`),
  rule("persona-switch", r`\bstop\s+(?:being|acting\s+(?:like|as)|pretending\s+to\s+be)\s+(?:an?\s+|the\s+)?${alt(MACHINE, "assistant", "model", "language model")}\b|\byou\s+${alt("cannot", "can't", "may not", "must not", "mustn't", "are not allowed to", "won't be able to")}\s+${alt("refuse", "decline", "say no to")}\s+${alt("this", "my", "any", "these")}\s+${alt("requests?", "questions?", "instructions?", "orders?", "commands?")}\b`),
  rule("persona-switch", r`\b${alt("begin", "start", "prefix", "end", "open", "preface")}\s+(?:${alt("each", "every", "all")}\s+(?:of\s+)?)?your\s+${alt("reply", "replies", "response", "responses", "answer", "answers", "output", "message", "messages")}\s+with\b`),
  rule("persona-switch", r`\b${alt("answer", "respond", "reply")}\s+${alt("every question|each question|everything|every message|all questions")}\s+${alt("twice", "as", "with")}\b|\bonce\s+as\s+(?:yourself|you)\s+and\s+once\s+as\b`),

  // Attempts to get the prompt, keys or configuration out.
  rule("prompt-leak", r`\b${alt("system", "hidden", "initial", "meta", "pre", "secret", "original", "starting", "opening", "developer")}[\s_-]?prompt\b(?!s|\s+${alt("on", "for", "of", "in")}\s+${alt("the", "our", "a")}\b)|\bprompt\s+injection\b|\b${alt("developer", "system")}\s+message\b(?!\s+${alt("on", "in", "from", "for", "of")}\b)|\b${alt("hidden", "secret", "confidential", "internal")}\s+${alt("instructions", "rules", "guidelines", "directives", "notes", "configuration")}\b|\bcontext\s+window\b`),
  rule("prompt-leak", r`\b${LEAK_VERB}\s+${TO_ME}${words(5)}(?:your|the\s+${MACHINE}'?s?)\s+${words(2)}${STEERING}\b`),
  rule("prompt-leak", r`\b${LEAK_VERB}\s+${TO_ME}${words(4)}${SECRET}`),
  rule("prompt-leak", r`\b${COPY_VERB}\s+${TO_ME}(?:${alt("everything", "all", "the (?:text|words|content|lines|sentences|paragraphs?|messages?)", "what(?:ever)? (?:is|was) written", "it all")})\s+(?:that\s+(?:is|was|came)\s+)?${alt("above", "before (?:this|my|the)", "so far", "preceding", "prior to")}\b`),
  rule("prompt-leak", r`\b${alt("text", "words", "wording", "message", "guidance", "instructions", "setup", "preamble", "prompt", "rules", "context")}\s+(?:that\s+)?you\s+${alt("were", "have been", "'ve been", "got")}\s+${alt("started", "set up", "configured", "initiali[sz]ed", "primed", "loaded", "seeded", "booted", "created")}\b|\b${alt("guidance", "rules", "instructions", "guidelines", "polic(?:y|ies)", "directives", "constraints")}\s+(?:that\s+)?you\s+${alt("operate", "work", "run", "function")}\s+under\b|\bhow\s+(?:${alt("you were", "you've been", "you have been", "you are")})\s+${alt("set up", "configured", "programmed", "instructed", "prompted")}\b|\b${alt("your", "my")}\s+system\s+${alt("instructions", "prompt", "message", "rules")}\b|\b${alt("hidden", "secret", "initial", "original", "system")}\s+${alt("preamble", "preface", "setup text", "context")}\b`),
  rule("prompt-leak", r`\b${alt("initiali[sz]ation", "bootstrap", "startup", "start-up", "boot")}\s+${alt("text", "prompt", "message", "instructions")}\b|\byou\s+${alt("got", "received", "were given")}\s+at\s+the\s+${alt("start", "beginning")}\b|\b${alt("told", "tell", "instructed", "asked")}\s+you\b${SAME_SENTENCE(20)}\bbefore\s+(?:i|we)\s+${alt("arrived", "came", "got here", "joined", "started", "showed up", "messaged")}\b|\bsystem[\s-]level\s+${alt("message", "prompt", "instructions")}\b`),
  rule("prompt-leak", r`\b${alt("prompt", "instructions", "rules", "text", "code", "configuration", "message")}\s+(?:that|which)\s+(?:${alt("controls?", "governs?", "drives?", "guides?", "steers?", "runs?", "configures?", "shapes?")}\s+you\b|${alt("defines?", "describes?", "sets?", "determines?")}\s+(?:${alt("who you are", "what you are", "how you (?:behave|act|answer)")}|your\s+${alt("role", "behaviou?r", "personality", "persona", "identity", "rules")}))|\byou\s+were\s+${alt("programmed", "initiali[sz]ed", "configured", "set up", "trained", "instructed", "primed")}\s+with\b|\b${alt("text", "message", "words", "instructions")}\s+(?:${alt("appears?", "comes?", "is", "was", "sits?")}\s+)${alt("before", "above")}\s+(?:${alt("the", "this", "our")})\s+conversation\b|\b${LEAK_VERB}\s+${TO_ME}what\s+(?:${alt("the", "your")}\s+)?(?:[\w-]+\s+)?${alt("owner", "developer", "operator", "admin", "creator", "system", "user", "boss")}\s+${alt("told", "said to", "gave", "wrote", "sent")}\s+you\b|\b(?:${alt("does", "do")}\s+)?your\s+(?:system\s+)?${alt("prompt", "instructions", "configuration", "system message")}\s+${alt("contains?", "mentions?", "says?", "includes?", "covers?", "have", "has")}\b|\b${alt("check", "verify", "audit", "review", "inspect", "see", "read", "view", "look at", "double-check")}\s+your\s+(?:\w+\s+)?${alt("prompt", "instructions", "system prompt", "configuration", "config", "system message")}\b|\byour\s+${alt("initial", "original", "starting", "system", "hidden", "secret")}\s+${alt("message", "prompt", "instructions", "context", "setup")}\b|\b${LEAK_VERB}\b${SAME_SENTENCE(30)}\bowner'?s\s+${alt("private", "personal", "confidential", "secret", "password", "passcode", "pin", "login", "bank", "credit card")}\b`),
  rule("prompt-leak", r`\b${alt("text", "message", "words", "instructions", "prompt", "content")}\s+(?:that\s+)?(?:${alt("was", "were", "is", "got")}\s+)?${alt("loaded", "placed", "put", "inserted", "injected", "given")}\s+${alt("before", "above", "prior to", "ahead of")}\s+(?:${alt("my", "this", "the", "our")}\s+)?(?:first\s+)?${alt("message", "question", "conversation", "chat", "input")}\b`),
  rule("prompt-leak", r`\b${LEAK_VERB}\b${SAME_SENTENCE(50)}\bin\s+your\s+${alt("context", "memory", "context window", "prompt", "instructions", "system message", "configuration")}\b`),
  rule("prompt-leak", r`\b${alt("developer", "system", "owner", "admin", "operator", "creator")}'?s?\s+${alt("message", "instructions", "note", "prompt", "orders")}\s+to\s+you\b`),
  rule("prompt-leak", r`\bsecret\s+(?:that\s+)?you(?:'re|\s+are)\s+${alt("guarding", "keeping", "protecting", "hiding")}\b|\bhint\s+${alt("about", "for", "on", "to")}\s+(?:${alt("the", "your")}\s+)${alt("password", "secret", "code", "passphrase")}\b|\bwhat\s+(?:${alt("are", "were")})\s+you\s+${alt("not allowed", "forbidden", "not permitted", "prohibited", "told not", "instructed not")}\s+to\s+${alt("say", "tell", "reveal", "discuss", "talk about", "share")}\b`),
  rule("prompt-leak", r`\b${alt("prompt", "instructions", "rules", "guidelines", "configuration")}\s+(?:that\s+)?you(?:'re|\s+are)\s+${alt("running", "operating", "working", "built")}\s+${alt("on", "under", "with", "from")}\b`),
  rule("prompt-leak", r`\b(?:very\s+)?${alt("first", "initial", "earliest")}\s+${alt("thing", "things", "message", "words?", "instructions?", "sentence")}\s+(?:that\s+)?you\s+${alt("were", "have been", "'ve been", "got")}\s+${alt("told", "given", "sent", "shown")}\b|\b${alt("note", "instructions?", "message", "prompt")}_(?:for|to)_${alt("llm", "ai", "model", "assistant", "bot", "gpt", "agent")}\b`),
  rule("prompt-leak", r`\b${COPY_VERB}\s+${TO_ME}(?:the\s+)?${alt("above", "previous", "preceding", "prior", "initial", "first", "original", "earlier", "hidden")}\s+${alt("prompts?", "instructions", "text", "messages?", "rules", "conversation", "context")}\b(?!\s+${alt("for", "to", "from", "of", "on", "about", "regarding", "in")}\b)`),
  rule("prompt-leak", r`\b${LEAK_VERB}\s+${TO_ME}${alt("everything", "all", "what(?:ever)?", "anything")}\s+(?:that\s+)?you\s+${alt("were", "have been", "'ve been", "got")}\s+${alt("told", "given", "instructed", "taught")}\b`),
  rule("prompt-leak", r`\b${LEAK_VERB}\b${SAME_SENTENCE(50)}\b${alt("instructions", "rules", "guidelines", "directives", "prompt", "configuration", "message")}\s+(?:that\s+)?you\s+${alt("follow", "obey", "were given", "have been given", "received", "got", "operate under", "have to (?:follow|obey)", "must (?:follow|obey)", "were (?:told|programmed|initiali[sz]ed)")}`),
  rule("prompt-leak", r`\b${alt("instructions", "rules", "guidelines", "directives", "prompt", "directions", "guidance")}\s+(?:${alt("that you were", "you were", "you've been", "you have been")}\s+${alt("given", "initiali[sz]ed with", "programmed with", "provided", "started with", "trained with")}|(?:were|was)\s+you\s+${alt("given", "handed", "provided", "sent", "told")}|did\s+you\s+(?:get|receive)|(?:were|was)\s+given\s+to\s+you|(?:that\s+)?you\s+(?:have\s+to|must)\s+(?:obey|follow))\b`),
  rule("prompt-leak", r`\bwhat\s+${alt("are", "is", "were", "was")}\s+your\s+(?:\w+\s+)?${alt("instructions", "rules", "prompt", "guidelines", "directives", "orders", "initial instructions", "system message")}\b|\bhow\s+do\s+your\s+${alt("instructions", "rules", "prompt")}\s+${alt("begin", "start", "read", "go")}\b`),
  rule("prompt-leak", r`\bwhat\s+(?:${alt("text", "instructions", "rules", "words")}\s+)?(?:did|has|have)\s+(?:the|your)\s+${alt("developers?", "creators?", "programmers?", "operators?", "system", "admin", "makers?", "owner")}\s+(?:${alt("give", "tell", "put", "say", "write", "told", "given", "said", "written")})`),
  rule("prompt-leak", r`\bwhat\s+${alt("are", "were", "have")}\s+you\s+(?:been\s+)?${alt("told", "instructed", "programmed", "asked")}\s+${alt("not to", "never to", "to keep", "to hide", "to protect", "before", "earlier", "to do")}\b|\b(?:you\s+(?:were|are|have\s+been)|(?:were|have)\s+you\s+(?:been\s+)?)\s*${alt("told", "instructed", "asked", "programmed")}\s+(?:${alt("not to (?:tell|reveal|share|say|disclose|mention)", "to (?:keep|protect|hide|guard)")})`),
  rule("prompt-leak", r`\b${alt("first", "last", "opening", "initial", "top")}\s+(?:${alt("\\w+", "few", "three", "50")}\s+)?${alt("sentences?", "lines?", "words?", "paragraphs?", "instructions?", "letters?")}\s+of\s+(?:${alt("your", "the")})\s+${alt("instructions", "prompt", "system", "text you", "context", "conversation", "message", "rules", "password")}`),
  rule("prompt-leak", r`\b${alt("text", "message", "messages", "words", "instructions")}\s+(?:that\s+)?(?:${alt("came", "comes", "is", "was", "were", "you got", "you received", "you were given")}\s+)?${alt("before", "above", "prior to")}\s+(?:${alt("my", "this", "the first", "our")})\s+(?:first\s+)?(?:user\s+)?${alt("message", "question", "conversation", "chat")}|\b${alt("written", "said", "typed", "sent")}\s+${alt("before", "above")}\s+my\s+message\b`),
  rule("prompt-leak", r`\b${alt("top", "start", "beginning")}\s+of\s+(?:your|the)\s+${alt("context", "prompt", "conversation", "instructions", "system message")}\b|\bbeginning\s+of\s+(?:this|our)\s+conversation\b`),
  rule("prompt-leak", r`\bsecret\s+${alt("word", "password", "phrase", "passphrase", "key")}\b|\b${alt("reveal", "disclose", "spell", "leak", "say", "give me", "tell me", "what is", "what's", "print")}\s+(?:the|your)\s+(?:${alt("secret", "hidden", "protected", "admin")}\s+)?password\b(?!\s+${alt("for", "to", "of", "on", "at", "is", "was")}\b)`),
  rule("prompt-leak", r`\b${alt("spell", "write", "say", "print", "type", "give")}\s+(?:it|them|the\s+\w+)\s+(?:out\s+)?${alt("backwards", "in reverse", "reversed", "letter by letter", "one letter at a time", "with (?:a |one )?(?:dash|space|hyphen|comma|dot|period)s? (?:between|after)")}`),
  rule("prompt-leak", r`\b(?:[a-z]+_)?${alt("api_key", "secret_key", "access_token", "database_url")}\b|\bsk-[a-z0-9_-]{16,}`),

  // Text posing as the end of this block or the start of another prompt section.
  rule("delimiter-spoof", r`\[${alt("earlier in this thread", "recalled pages", "existing pages", "messages", r`(?:end|start|begin)\s+[^\]]{1,20}`, "instructions?")}\]`),
  rule("delimiter-spoof", r`${alt("-{3}", "={3}", r`\*{3}`, "#{3}", "_{3}")}\s*(?:${alt("end", "begin", "start", "new")}\s+(?:of\s+)?(?:the\s+)?(?:\w+\s+)?${alt("system", "instructions?", "prompt", "context", "input", "admin", "user", "conversation", "document", "data", "notes", "buffer", "rules")}|${alt("system", "instructions?", "role")})\b`),
  rule("delimiter-spoof", r`\b${alt("end", "begin(?:ning)?", "start")}\s+of\s+(?:the\s+)?${alt("buffer", "notes section", "system prompt", "context window", "context", "untrusted", "user input", "input", "earlier in this thread", "document", "data", "system instructions", "prompt", "instructions")}\b(?!\s+\p{Ll})|\bbegin\s+${alt("system", "new", "admin")}\s+${alt("instructions?", "prompt", "message")}\b`),
];

/** Other languages: an override, a new identity, or a request for the prompt, written natively. */
const MULTILINGUAL_RULES: Rule[] = [
  // German
  rule("override-instruction", `${B}${alt("ignorier(?:e|en|t)?", "vergiss", "vergessen sie", "missachte(?:n sie)?", "übergehe", "überspringe", "befolge nicht", "hör auf", "beachte nicht", "ignorieren sie")}${E}${SAME_SENTENCE(40)}${B}(?:${alt("alle", "deine", "ihre", "sämtliche", "jegliche")}\\s+(?:\\p{L}+\\s+)?\\p{L}*${alt("anweisungen", "anweisung", "regeln", "instruktionen", "vorgaben", "richtlinien", "befehle", "einschränkungen", "aufgaben?")}|${alt("vorherige[nr]?", "vorangegangene[nr]?", "vorhergehende[nr]?", "bisherige[nr]?", "obige[nr]?", "frühere[nr]?", "vorige[nr]?", "ursprüngliche[nr]?")}\\s+(?:\\p{L}+\\s+)?${alt("anweisung(?:en)?", "regeln", "instruktion(?:en)?", "vorgaben", "richtlinien", "befehle")}|${alt("anweisungen", "regeln")}\\s+${alt("oben", "davor", "zuvor")}|alles\\s+${alt("davor", "bisherige", "vorherige", "zuvor", "oben", "vorher")}|${alt("regeln", "anweisungen", "vorgaben", "instruktionen")},?\\s+die\\s+(?:man\\s+)?(?:dir|ihnen)\\s+(?:\\p{L}+\\s+)?${alt("gegeben", "gesagt", "erteilt")}|alles,?\\s+was\\s+(?:man\\s+)?(?:dir|ihnen|du)\\s+(?:\\p{L}+\\s+){0,2}${alt("gesagt", "erzählt", "gegeben", "weißt")})`),
  rule("override-instruction", `${B}${alt("nun", "jetzt", "es")}\\s+folgen\\s+${alt("neue", "weitere", "die neuen")}\\s+${alt("anweisungen", "instruktionen", "aufgaben", "befehle")}${E}|${B}${alt("ignorier(?:e|en)?", "vergiss", "missachte")}${E}${SAME_SENTENCE(20)}${alt("anweisungen", "regeln", "vorgaben", "richtlinien")}\\s+${alt("des", "der", "vom")}\\s+${alt("besitzers", "inhabers", "eigentümers", "chefs", "betreibers", "entwicklers", "systems")}${E}`),
  rule("override-instruction", `${B}vergiss${E},?\\s+was\\s+(?:\\p{L}+\\s+){1,2}dir\\s+${alt("gesagt", "erzählt", "aufgetragen", "befohlen")}|${alt("regeln", "anweisungen", "vorgaben")},?\\s+die\\s+du\\s+${alt("befolgen", "einhalten", "beachten")}\\s+${alt("musst", "sollst")}`),
  rule("override-instruction", `${B}${alt("alle", "deine", "die", "sämtliche")}\\s+(?:${alt("vorherigen", "vorangegangenen", "bisherigen", "obigen", "früheren")}\\s+)?${alt("anweisungen", "regeln", "vorgaben", "instruktionen", "befehle")}\\s+(?:zu\\s+)?${alt("ignorierst", "ignorieren", "vergisst", "vergessen", "missachtest", "missachten")}${E}`),
  rule("persona-switch", `${B}${alt("du bist (?:jetzt|nun|ab jetzt|ab sofort|von nun an)", "ab (?:jetzt|sofort|nun) bist du", "von nun an bist du", "tu so,? als", "tun sie so,? als", "stell dir vor,? du bist", "spiel(?:e)? die rolle", "verhalte dich wie")}${E}${SAME_SENTENCE(60)}${B}${alt("ki", "ki-modell", "ai", "dan", "modell", "assistent", "chatbot", "bot", "hacker", "pirat", "charakter", "ohne (?:\\p{L}+ )?(?:einschränkungen|regeln|filter|grenzen|zensur)", "antworte ohne", "keine (?:\\p{L}+ )?(?:einschränkungen|regeln|filter|grenzen)", "uneingeschränkt\\p{L}*", "unzensiert\\p{L}*", "frei")}${E}|${B}${alt("ki", "bot", "assistent", "modell")}\\s+ohne\\s+${alt("regeln", "einschränkungen", "filter", "grenzen")}${E}`),
  rule("prompt-leak", `${B}system-?(?:prompt|anweisung\\p{L}*|nachricht)|${B}${alt("zeig(?:e)?", "gib", "nenne", "wiederhole", "verrate", "drucke", "schreib(?:e)?", "sag")}${E}${SAME_SENTENCE(30)}${B}(?:deine[nmrs]?|ihre[nmrs]?)\\s+(?:\\p{L}+\\s+)?${alt("anweisungen", "prompt", "instruktionen", "vorgaben")}${E}|wie\\s+lauten\\s+(?:deine|ihre)\\s+${alt("anweisungen", "regeln", "instruktionen")}`),
  // Spanish
  rule("override-instruction", `${B}${alt("ignora", "ignore", "ignorar", "ignoren", "olvida", "olvídate de", "olvidate de", "olvide", "olviden", "olvidar", "omite", "descarta", "no sigas", "no hagas caso (?:a|de)", "haz caso omiso (?:a|de)", "no tengas en cuenta", "no tomes en cuenta")}${E}${SAME_SENTENCE(30)}${B}(?:(?:${alt("todas las", "tus", "sus")}\\s+(?:\\p{L}+\\s+)?${alt("instrucciones", "reglas", "indicaciones", "directrices", "órdenes", "tareas")}|tu\\s+${alt("tarea", "misión", "programación")})|${alt("instrucciones", "reglas", "indicaciones", "directrices", "órdenes")}\\s+${alt("anteriores", "previas", "de arriba", "iniciales")}|todo\\s+(?:lo\\s+)?${alt("anterior", "(?:lo )?que (?:te |le |les )?(?:\\p{L}+ )?(?:dije|dijeron|digo|han dicho|he dicho)")}|lo\\s+que\\s+te\\s+${alt("dijeron", "han dicho", "dije", "dijo", "indicaron")}${E}(?!\\s+${alt("sobre", "de", "del", "acerca")}\\b))`),
  rule("override-instruction", `${B}${alt("ignora", "ignore", "olvida", "olvide", "no sigas", "salta")}${E}${SAME_SENTENCE(10)}${alt("las reglas", "las instrucciones", "las normas")}\\s+del\\s+${alt("dueño", "propietario", "jefe", "sistema", "desarrollador")}${E}`),
  rule("prompt-leak", `${B}qué\\s+${alt("reglas", "instrucciones", "normas")}\\s+${alt("debes", "tienes que", "sigues")}${E}`),
  rule("persona-switch", `${B}${alt("ahora eres", "ahora serás", "a partir de ahora,? (?:eres|serás|vas a|actúa|responde)", "desde ahora,? eres", "finge (?:que|ser)", "actúa como si fueras", "actúa como", "haz de cuenta que")}${E}${SAME_SENTENCE(60)}${B}${alt("ia", "inteligencia artificial", "dan", "modelo", "asistente", "chatbot", "bot", "hacker", "pirata", "personaje", "dueño", "sin (?:\\p{L}+ )?(?:reglas|restricciones|límites|filtros|censura)", "no tienes (?:\\p{L}+ )?(?:reglas|restricciones|límites|filtros)", "libre")}${E}|${B}(?:ia|inteligencia artificial|modelo|bot|asistente)\\s+sin\\s+${alt("reglas", "restricciones", "límites", "filtros")}`),
  rule("prompt-leak", `${B}${alt("muestra(?:me)?", "dime", "revela", "repite", "imprime", "enséñame", "dame", "escribe")}${E}${SAME_SENTENCE(30)}${B}(?:tus|sus)\\s+(?:\\p{L}+\\s+)?${alt("instrucciones", "indicaciones")}|prompt\\s+del\\s+sistema|${B}(?:tu|su)\\s+prompt${E}|qué\\s+${alt("instrucciones", "reglas", "indicaciones")}\\s+${alt("tienes", "te dieron", "sigues", "te han dado")}|${alt("instrucciones", "indicaciones", "reglas")}\\s+que\\s+(?:te|le)\\s+${alt("dieron", "han dado", "dio", "di")}${E}|${alt("cuáles", "cuales")}\\s+son\\s+tus\\s+${alt("instrucciones", "reglas")}`),
  // French
  rule("override-instruction", `${B}${alt("ignore", "ignorez", "ignorer", "oublie", "oubliez", "oublier", "ne tiens pas compte", "ne tenez pas compte", "ne suis plus", "ne suivez plus", "fais abstraction", "faites abstraction", "ne prends? pas en compte", "ne prenez pas en compte", "fais fi", "faites fi")}${E}${SAME_SENTENCE(30)}${B}(?:${alt("toutes les", "tes", "vos")}\\s+(?:\\p{L}+\\s+)?${alt("instructions", "consignes", "règles", "directives")}|${alt("instructions", "consignes", "règles", "directives")}\\s+${alt("précédentes", "ci-dessus", "antérieures", "initiales")}|tout ce qu)`),
  rule("override-instruction", `${B}${alt("ignore", "ignorez", "oublie", "oubliez")}${E}${SAME_SENTENCE(10)}${alt("les règles", "les consignes", "les instructions")}\\s+du\\s+${alt("propriétaire", "patron", "gérant", "système", "développeur")}${E}`),
  rule("override-instruction", `${B}${alt("oublie", "oubliez", "ignore", "ignorez")}${E}\\s+ce\\s+que\\s+(?:\\p{L}+\\s+){1,2}${alt("t'a", "vous a")}\\s+${alt("dit", "demandé", "ordonné", "donné")}`),
  rule("override-instruction", `${B}${alt("règles", "consignes", "instructions")}\\s+que\\s+(?:\\p{L}+\\s+){1,2}${alt("t'a", "vous a")}\\s+${alt("données?", "donné", "fixées?", "imposées?")}`),
  rule("prompt-leak", `${B}quelles\\s+${alt("règles", "consignes", "instructions")}\\s+${alt("dois-tu", "tu dois", "devez-vous", "vous devez")}\\s+suivre`),
  rule("persona-switch", `${B}${alt("tu es (?:maintenant|désormais|dorénavant)", "vous êtes (?:maintenant|désormais)", "tu n'es plus", "vous n'êtes plus", "à partir de maintenant,? tu", "fais comme si", "faites comme si", "fais semblant", "joue le rôle")}${E}${SAME_SENTENCE(60)}${B}${alt("ia", "dan", "modèle", "assistant", "chatbot", "bot", "hacker", "pirate", "personnage", "sans (?:\\p{L}+ )?(?:aucune? )?(?:règles?|restrictions?|limites?|filtres?|censure)", "aucune? (?:règles?|restrictions?|limites?|filtres?)", "libre")}${E}|${B}(?:ia|modèle|bot|assistant)\\s+sans\\s+(?:aucune?\\s+)?${alt("limite", "limites", "règles?", "restrictions?", "filtres?")}`),
  rule("prompt-leak", `${B}${alt("montre", "montrez", "affiche", "affichez", "répète", "répétez", "révèle", "révélez", "donne", "donnez", "dis", "écris")}${E}${SAME_SENTENCE(30)}${B}(?:ton|tes|votre|vos)\\s+(?:\\p{L}+\\s+)?${alt("prompt", "instructions", "consignes")}|prompt\\s+${alt("système", "initial", "de départ", "d'origine")}|${alt("instructions", "consignes", "règles")}\\s+${alt("qu'on t'a", "que l'on t'a", "qu'on vous a", "que tu as", "que vous avez")}\\s*${alt("données?", "donné", "reçues?", "fournies?")}|${B}(?:ton|votre)\\s+prompt${E}|quelles\\s+sont\\s+(?:tes|vos)\\s+${alt("instructions", "consignes", "règles")}`),
  // Portuguese
  rule("override-instruction", `${B}${alt("ignore", "ignora", "ignorar", "esqueça", "esqueca", "esquece", "desconsidere", "desconsidera", "não siga", "nao siga")}${E}${SAME_SENTENCE(30)}${B}(?:todas\\s+as\\s+ordens\\s+anteriores|${alt("todas as", "suas", "tuas")}\\s+(?:\\p{L}+\\s+)?${alt("instruções", "instrucoes", "regras", "orientações", "diretrizes")}|${alt("instruções", "instrucoes", "regras", "orientações")}\\s+${alt("anteriores", "prévias", "acima", "iniciais")}|tudo\\s+(?:o\\s+)?que\\s+(?:te|lhe|você|voce)?)`),
  rule("override-instruction", `${B}${alt("ignore", "ignora", "esqueça", "esquece")}${E}${SAME_SENTENCE(10)}${alt("as regras", "as instruções", "as ordens")}\\s+do\\s+${alt("dono", "proprietário", "chefe", "sistema")}${E}`),
  rule("override-instruction", `${B}${alt("esqueça", "esquece", "ignore", "ignora")}${E}\\s+o\\s+que\\s+(?:\\p{L}+\\s+){1,2}${alt("te", "lhe")}\\s+${alt("disse", "disseram", "falou", "mandou")}`),
  rule("override-instruction", `${B}${alt("regras", "instruções", "ordens")}\\s+que\\s+(?:\\p{L}+\\s+){1,2}${alt("te", "lhe")}\\s+${alt("deu", "deram", "passou", "impôs")}`),
  rule("prompt-leak", `${B}${alt("quais", "que")}\\s+${alt("regras", "instruções")}\\s+${alt("você deve", "voce deve", "tens de", "você tem que", "deves")}\\s+seguir`),
  rule("persona-switch", `${B}${alt("agora (?:você|voce) é", "agora és", "de agora em diante,? (?:você|voce)", "a partir de agora,? (?:você|voce)", "finja (?:que|ser)", "aja como")}${E}${SAME_SENTENCE(60)}${B}${alt("ia", "dan", "modelo", "assistente", "chatbot", "bot", "hacker", "pirata", "personagem", "sem (?:\\p{L}+ )?(?:regras|restrições|limites|filtros|censura)", "não tem (?:\\p{L}+ )?(?:regras|restrições|limites|filtros)", "nenhuma (?:regra|restrição)", "livre")}${E}|${B}ia\\s+sem\\s+${alt("regras", "restrições", "limites", "filtros")}`),
  rule("prompt-leak", `${B}${alt("mostre", "mostra", "revele", "revela", "diga", "repita", "me diga", "escreva")}${E}${SAME_SENTENCE(30)}${B}(?:suas|tuas|seu|teu)\\s+(?:\\p{L}+\\s+)?${alt("instruções", "instrucoes", "prompt")}|prompt\\s+de\\s+sistema|${alt("instruções", "instrucoes", "regras")}\\s+que\\s+${alt("você recebeu", "voce recebeu", "te deram", "lhe deram", "recebeste")}|quais\\s+são\\s+as\\s+suas\\s+${alt("instruções", "regras")}`),
  // Italian
  rule("override-instruction", `${B}${alt("ignora", "ignori", "ignorate", "dimentica", "dimentichi", "dimenticate", "non seguire", "trascura", "non tenere conto", "non considerare")}${E}${SAME_SENTENCE(30)}${B}(?:${alt("istruzioni", "indicazioni", "regole", "direttive")}\\s+che\\s+ti\\s+${alt("hanno", "ho", "sono state", "è stato")}|quanto\\s+ti\\s+${alt("è stato", "hanno", "ho")}\\s+${alt("detto", "dato", "scritto")}|${alt("tutte le", "tutti gli", "le tue", "tue", "le sue", "i tuoi")}\\s+(?:\\p{L}+\\s+)?${alt("istruzioni", "regole", "direttive", "indicazioni", "comandi")}|tutti\\s+gli\\s+ordini\\s+precedenti|${alt("istruzioni", "regole", "direttive", "comandi")}\\s+${alt("precedenti", "sopra", "iniziali")}|tutto\\s+(?:quello|ciò)\\s+che)`),
  rule("override-instruction", `${B}${alt("ignora", "dimentica")}${E}${SAME_SENTENCE(10)}${alt("le regole", "le istruzioni")}\\s+del\\s+${alt("proprietario", "titolare", "capo", "sistema")}${E}`),
  rule("override-instruction", `${B}${alt("dimentica", "ignora")}${E}\\s+(?:quello|ciò)\\s+che\\s+ti\\s+${alt("ha", "hanno")}\\s+${alt("detto", "chiesto", "ordinato")}`),
  rule("override-instruction", `${B}${alt("regole", "istruzioni")}\\s+che\\s+ti\\s+${alt("ha", "hanno")}\\s+${alt("dato", "imposto", "dettato")}`),
  rule("prompt-leak", `${B}quali\\s+${alt("regole", "istruzioni")}\\s+${alt("devi", "deve")}\\s+seguire`),
  rule("persona-switch", `${B}${alt("ora sei", "adesso sei", "d'ora in poi,? (?:sei|tu)", "da ora in poi,? (?:sei|tu)", "fai finta (?:di|che)", "comportati come", "fingi di")}${E}${SAME_SENTENCE(60)}${B}${alt("ia", "dan", "modello", "assistente", "chatbot", "bot", "hacker", "pirata", "personaggio", "senza (?:\\p{L}+ )?(?:regole|restrizioni|limiti|filtri|censura)", "non (?:hai|avere|avessi) (?:\\p{L}+ )?(?:regole|restrizioni|limiti|filtri)", "libero")}${E}|${B}ia\\s+senza\\s+${alt("regole", "restrizioni", "limiti", "filtri")}`),
  rule("prompt-leak", `${B}${alt("mostrami", "mostra", "rivela", "rivelami", "ripeti", "dimmi", "dammi", "stampa", "scrivi")}${E}${SAME_SENTENCE(30)}${B}(?:tue|tuo|sue|suo|il)\\s+(?:\\p{L}+\\s+)?${alt("istruzioni", "prompt")}|prompt\\s+di\\s+sistema|${alt("istruzioni", "regole", "indicazioni")}\\s+che\\s+${alt("hai ricevuto", "ti hanno dato", "ti sono state date")}|quali\\s+sono\\s+le\\s+tue\\s+${alt("istruzioni", "regole")}`),
  // Hindi
  ...inScript(/\p{Script=Devanagari}/u, [
    rule("override-instruction", `${alt("पिछल[ेा]", "सभी", "सारे", "अपन[ेा]", "पहले", "ऊपर", "सिस्टम के")}${SAME_SENTENCE(30)}${alt("निर्देश", "नियम", "आदेश", "हिदायत")}${SAME_SENTENCE(30)}${alt("अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "भूल जा", "मत मान", "न मान", "अनसुना")}`),
    rule("override-instruction", `${alt("मालिक", "सिस्टम", "डेवलपर")}\\s+के\\s+${alt("नियमों", "निर्देशों", "आदेशों")}${SAME_SENTENCE(10)}${alt("अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "भूल जा", "तोड़")}`),
    rule("override-instruction", `${alt("मालिक", "सिस्टम", "डेवलपर")}\\s+ने\\s+जो\\s+${alt("कहा", "बताया", "लिखा")}${SAME_SENTENCE(15)}${alt("भूल जा", "अनदेखा", "नज़रअंदाज़")}`),
    rule("override-instruction", `${alt("तुम्हें", "आपको")}\\s+जो\\s+${alt("नियम", "निर्देश")}\\s+दिए`),
    rule("prompt-leak", `${alt("अपने", "तुम्हारे")}\\s+(?:मूल\\s+)?${alt("निर्देशों", "नियमों")}\\s+का\\s+(?:पूरा\\s+)?पाठ`),
    rule("prompt-leak", `${alt("तुम्हें", "आपको")}\\s+किन\\s+${alt("नियमों", "निर्देशों")}\\s+का\\s+पालन`),
    rule("persona-switch", `${alt("अब से तुम", "अब तुम", "तुम अब", "ऐसा दिखाओ कि", "नाटक करो कि")}${SAME_SENTENCE(40)}${alt("AI", "एआई", "DAN", "मॉडल", "बॉट", "चैटबॉट", "पाबंदी", "नियम नहीं", "प्रतिबंध", "आज़ाद")}|${alt("कोई", "किसी भी तरह की")}\\s+${alt("पाबंदी", "नियम", "प्रतिबंध", "सीमा", "रोक")}\\s+नहीं`),
    rule("prompt-leak", `${alt("सिस्टम प्रॉम्प्ट", "सिस्टम प्रोम्प्ट", "सिस्टम निर्देश")}|${alt("तुम्हें", "आपको")}\\s+क्या\\s+${alt("निर्देश", "नियम")}\\s+दिए\\s+गए|${alt("निर्देश", "नियम")}\\s+(?:दिखाओ\\s+)?जो\\s+${alt("तुम्हें", "आपको")}\\s+शुरू\\s+में|${alt("अपना", "अपने", "तुम्हार[ेा]")}\\s+${alt("निर्देश", "नियम", "प्रॉम्प्ट")}${SAME_SENTENCE(20)}${alt("दिखाओ", "बताओ", "लिखो", "दोहराओ", "क्या हैं")}`),
  ]),
  // Chinese
  ...inScript(/\p{Script=Han}/u, [
    rule("override-instruction", `${alt("忽略", "无视", "不要管", "别管")}${SAME_SENTENCE(4)}${alt("老板", "店主", "主人", "系统", "开发者")}的${alt("规则", "指令", "指示", "要求")}`),
    rule("override-instruction", `${alt("忽略", "无视", "無視", "忽视", "忽視", "忘记", "忘記", "忘掉", "不要理会", "别管", "不要管", "抛开", "放弃", "不要遵守", "不要遵循")}${SAME_SENTENCE(12)}${alt("之前", "以前", "先前", "上面", "以上", "上述", "前面", "所有", "你的", "原来")}${SAME_SENTENCE(8)}${alt("指令", "指示", "规则", "規則", "提示", "要求", "命令", "设定", "設定", "约束", "内容", "說的", "说的", "的话", "一切")}`),
    rule("override-instruction", `${alt("忘记", "忘掉", "忽略", "无视")}${SAME_SENTENCE(6)}${alt("跟你", "对你", "告诉你", "给你")}${alt("说的", "讲的", "的")}`),
    rule("prompt-leak", `你${alt("必须", "需要", "要", "得")}${alt("遵守", "遵循", "服从")}${alt("哪些", "什么")}${alt("规则", "指令", "指示", "规定")}`),
    rule("persona-switch", `(?:${alt("从现在开始", "从现在起", "从此以后", "现在")}[，,]?\\s*你${alt("是", "就是", "将是", "扮演", "要扮演", "将扮演", "成为")}|假装你|扮演一个|你现在是)${SAME_SENTENCE(30)}(?:AI|DAN|人工智能|模型|助手|机器人|角色|没有|不受|限制|规则)|${alt("没有任何", "不受任何", "没有")}${alt("限制", "规则", "约束", "过滤")}的${alt("AI", "人工智能", "模型", "助手")}`),
    rule("prompt-leak", `${alt("系统提示", "系统指令", "初始指令", "初始提示", "原始提示", "隐藏提示", "最初的指令", "原始指令")}|最开始${SAME_SENTENCE(6)}指令|${alt("重复", "显示", "输出", "告诉我", "打印", "泄露", "透露")}${SAME_SENTENCE(8)}你${SAME_SENTENCE(6)}${alt("指令", "提示词", "规则", "设定")}|你的${alt("指令", "规则", "提示词")}是什么|你${alt("一开始", "最开始", "最初", "开始时")}收到的${alt("指示", "指令", "提示", "规则")}`),
  ]),
  // Russian
  ...inScript(/\p{Script=Cyrillic}/u, [
    rule("override-instruction", `${B}${alt("игнорируй(?:те)?", "проигнорируй(?:те)?", "забудь(?:те)?", "не обращай(?:те)? внимания на", "не следуй(?:те)?", "не слушай(?:те)?", "отбрось", "отмени", "пропусти", "пренебреги", "пренебрегите")}${E}${SAME_SENTENCE(30)}${B}(?:${alt("вс[её]\\p{L}*", "сво\\p{L}*", "тво\\p{L}*", "ваш\\p{L}*", "предыдущ\\p{L}*", "прошл\\p{L}*", "прежн\\p{L}*", "вышеуказанн\\p{L}*")}\\s+(?:\\p{L}+\\s+)?${alt("инструкци\\p{L}*", "правил\\p{L}*", "указани\\p{L}*", "команд\\p{L}*", "ограничени\\p{L}*")}|${alt("всё,? что", "все,? что")})|${B}не\\s+слушай(?:те)?\\s+${alt("владельц\\p{L}*", "хозяин\\p{L}*", "разработчик\\p{L}*")}|${alt("правил\\p{L}*", "инструкци\\p{L}*", "указани\\p{L}*")}\\s+${alt("владельц\\p{L}*", "хозяин\\p{L}*")}${SAME_SENTENCE(20)}${B}${alt("игнорируй", "забудь", "нарушь", "обойди")}|${B}${alt("игнорируй", "забудь", "нарушь", "обойди")}${E}${SAME_SENTENCE(10)}${B}${alt("правил\\p{L}*", "инструкци\\p{L}*", "указани\\p{L}*")}\\s+${alt("владельц\\p{L}*", "хозяин\\p{L}*")}`),
    rule("override-instruction", `${B}${alt("забудь", "игнорируй")}${E},?\\s+что\\s+тебе\\s+(?:\\p{L}+\\s+)?${alt("сказал\\p{L}*", "говорил\\p{L}*", "велел\\p{L}*", "приказал\\p{L}*")}`),
    rule("override-instruction", `${alt("правила", "инструкции", "указания")},?\\s+которые\\s+тебе\\s+${alt("дал", "дала", "дали", "задал\\p{L}*")}`),
    rule("prompt-leak", `${B}${alt("каким", "каких")}\\s+${alt("правилам", "инструкциям", "правил", "инструкций")}\\s+ты\\s+${alt("должен", "должна", "обязан")}`),
    rule("persona-switch", `${B}${alt("теперь ты", "отныне ты", "с этого момента ты", "ты теперь", "притворись", "представь,? что ты", "веди себя как")}${E}${SAME_SENTENCE(60)}${B}${alt("работаешь на меня", "ии", "ai", "dan", "модел\\p{L}*", "ассистент\\p{L}*", "бот\\p{L}*", "чат-бот\\p{L}*", "хакер\\p{L}*", "персонаж\\p{L}*", "без (?:\\p{L}+ )?(?:ограничений|правил|фильтров|цензуры)", "нет (?:\\p{L}+ )?(?:ограничений|правил|фильтров)", "свобод\\p{L}*")}${E}|${B}без\\s+(?:каких-либо\\s+|всяких\\s+|любых\\s+)?ограничений|${B}${alt("бот\\p{L}*", "ии", "модел\\p{L}*", "ассистент\\p{L}*")}\\s+без\\s+${alt("правил", "ограничений", "фильтров")}`),
    rule("prompt-leak", `${B}системн\\p{L}*\\s+${alt("промпт\\p{L}*", "подсказк\\p{L}*", "инструкци\\p{L}*")}|${B}${alt("покажи", "выведи", "повтори", "раскрой", "напиши", "скажи", "перечисли")}${E}${SAME_SENTENCE(20)}${B}(?:сво\\p{L}*|тво\\p{L}*)\\s+(?:\\p{L}+\\s+)?${alt("инструкци\\p{L}*", "промпт\\p{L}*", "правил\\p{L}*")}|какие\\s+у\\s+тебя\\s+${alt("инструкции", "правила")}|${alt("инструкци\\p{L}*", "правил\\p{L}*", "указани\\p{L}*")},?\\s+которы\\p{L}*\\s+ты\\s+${alt("получил\\p{L}*", "получала")}|написано\\s+в\\s+(?:тво|сво|ваш)\\p{L}*\\s+${alt("инструкци\\p{L}*", "промпт\\p{L}*", "правил\\p{L}*")}|${alt("инструкци\\p{L}*", "указани\\p{L}*", "правил\\p{L}*")}\\s+(?:тебе|вам)\\s+${alt("дали", "даны", "были даны", "дал")}`),
  ]),
];

const DUTCH_EARLIER = alt("vorige", "eerdere", "bovenstaande", "voorgaande", "oorspronkelijke");

/** "Your original rules", asked for in the languages above. */
const ORIGINAL_RULES_RULES: Rule[] = [
  rule("prompt-leak", `${B}(?:deine|ihre)\\s+${alt("ursprünglichen", "originalen", "anfänglichen")}\\s+${alt("regeln", "anweisungen", "vorgaben")}${E}`),
  rule("prompt-leak", `${B}(?:tus|sus)\\s+${alt("reglas", "instrucciones", "normas")}\\s+${alt("originales", "iniciales")}${E}`),
  rule("prompt-leak", `${B}(?:tes|vos)\\s+${alt("règles", "consignes", "instructions")}\\s+${alt("d'origine", "originales", "initiales")}`),
  rule("prompt-leak", `${B}(?:suas|tuas)\\s+${alt("regras", "instruções")}\\s+${alt("originais", "iniciais")}${E}`),
  rule("prompt-leak", `${B}(?:le\\s+)?(?:tue|sue)\\s+${alt("regole", "istruzioni")}\\s+${alt("originali", "iniziali")}${E}`),
  rule("prompt-leak", `${B}(?:сво|тво)\\p{L}*\\s+${alt("исходн\\p{L}*", "изначальн\\p{L}*", "первоначальн\\p{L}*")}\\s+${alt("правил\\p{L}*", "инструкци\\p{L}*")}`),
  rule("prompt-leak", `你的${alt("原始", "最初", "初始")}${alt("规则", "指令", "指示")}`),
  rule("prompt-leak", `${alt("अपने", "तुम्हारे")}\\s+मूल\\s+${alt("नियम", "निर्देश")}`),
];

/** A few more languages an attack is often written in: an override and a request for the prompt. */
const FURTHER_LANGUAGE_RULES: Rule[] = [
  // Dutch
  rule("override-instruction", `${B}${alt("negeer", "vergeet", "negeren")}${E}\\s+(?:${alt("alle", "al je", "je", "jouw")}\\s+(?:${DUTCH_EARLIER}\\s+)?|(?:de\\s+)?${DUTCH_EARLIER}\\s+)${alt("instructies", "regels", "aanwijzingen", "opdrachten")}${E}`),
  rule("prompt-leak", `${B}systeemprompt|${B}${alt("toon", "laat", "herhaal", "geef")}${E}${SAME_SENTENCE(20)}${B}(?:je|jouw)\\s+${alt("instructies", "prompt")}${E}`),
  // Polish
  rule("override-instruction", `${B}${alt("zignoruj", "ignoruj", "zapomnij", "pomiń")}${E}\\s+(?:o\\s+)?(?:${alt("wszystkie", "wszystkich", "poprzednie", "poprzednich", "swoje", "twoje", "wcześniejsze")}\\s+)+(?:\\p{L}+\\s+)?${alt("instrukcje", "instrukcjach", "instrukcji", "polecenia", "poleceniach", "zasady", "reguły")}${E}`),
  rule("prompt-leak", `${B}prompt\\s+systemowy|${B}${alt("pokaż", "powtórz", "wypisz", "podaj")}${E}${SAME_SENTENCE(20)}${B}(?:swoje|twoje)\\s+${alt("instrukcje", "polecenia", "prompt")}${E}`),
  // Turkish
  rule("override-instruction", `${B}(?:${alt("önceki", "tüm", "bütün", "yukarıdaki")}\\s+)+(?:\\p{L}+\\s+)?${alt("talimat", "kural", "komut", "yönerge")}\\p{L}*\\s+${alt("yok say", "görmezden gel", "unut", "dikkate alma")}`),
  rule("prompt-leak", `${B}sistem\\s+(?:istemi|komutu|talimatları)${E}`),
  // Arabic
  inScript(/\p{Script=Arabic}/u, [
    rule("override-instruction", `${alt("تجاهل", "انس", "انسى", "لا تتبع")}\\S*\\s+(?:${alt("جميع", "كل")}\\s+)?${alt("التعليمات", "الأوامر", "القواعد", "التوجيهات")}`),
    rule("prompt-leak", `${alt("موجه", "تعليمات", "رسالة")}\\s+النظام`),
  ]),
  // Japanese
  inScript(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u, [
    rule("override-instruction", `${alt("以前", "前", "上記", "これまで", "すべて", "全て", "今まで")}の?${SAME_SENTENCE(10)}${alt("指示", "命令", "ルール", "指令", "プロンプト", "設定")}${SAME_SENTENCE(10)}${alt("無視", "忘れ")}`),
    rule("prompt-leak", `システムプロンプト|${alt("指示", "プロンプト", "命令")}を${alt("表示", "教え", "見せ", "出力", "繰り返")}`),
  ]),
  // Korean
  inScript(/\p{Script=Hangul}/u, [
    rule("override-instruction", `${alt("이전", "위의", "앞의", "모든", "기존", "지금까지의")}${SAME_SENTENCE(15)}${alt("지시", "명령", "규칙", "지침", "프롬프트")}${SAME_SENTENCE(15)}${alt("무시", "잊어")}`),
    rule("prompt-leak", `시스템\\s*프롬프트`),
  ]),
].flat();

/** Rules about what the text would do to a renderer or a tool; they only make sense on the text as written. */
const SURFACE_RULES: Rule[] = [
  // Tool-call syntax: a line that looks like a call can be copied into one.
  rule("tool-call", r`<\s*/?\s*${alt("tool_calls?", "tool_use", "tool_result", "function_calls?", "function", "invoke", "parameter", r`antml:\w+`, "tools?")}\b[^<>]*>?`),
  rule("tool-call", r`["']\s*${alt("name", "tool", "tool_name", "function", "arguments", "parameters", "args", "action", "action_input", "recipient", "instructions?", "system", "prompt", "command", "directive")}\s*["']\s*:`),
  rule("tool-call", r`\b${alt("read_page", "search_chat_history", "tool_calls?", "function_call", r`functions\.\w+`, "multi_tool_use")}\b`),
  rule("tool-call", r`(?<![a-z0-9_])[a-z][a-z0-9]*(?:_[a-z0-9]+)+\s*\(`),

  // Links and markup that would make a renderer or a tool fetch an address.
  rule("link", r`${alt("https?", "ftps?", "file", "wss?")}://|\b${alt("javascript", "vbscript", "mailto")}:`),
  rule("link", r`\bwww\.[a-z0-9-]+\.|(?:^|[\s(\["'])//[a-z0-9-]+\.[a-z]`),
  rule("link", r`(?<![a-z0-9-])[a-z0-9-]+\.${TLD}(?::\d+)?[/?#]`),
  rule("link", r`\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?/`),
  rule("link", r`\bdata:[a-z]+/[a-z0-9.+-]+[;,]`),
  rule("markup", r`!\[[^[\]]*\]\s*\(|\[[^[\]]*\]\(\s*[^)\s]+\s*\)`),
  rule("markup", r`</?[a-z][\w-]*(?:\s[^<>]*)?/?>`),
  rule("markup", r`<\s*${alt("img", "script", "iframe", "svg", "object", "embed", "link", "meta", "base", "form", "style", "video", "audio", "source", "frame", "frameset", "body", "span", "div", r`a\s+href`)}\b`),
  rule("markup", r`\bon${alt("error", "load", "click", "mouseover", "focus", "begin")}\s*=|\b${alt("src", "href", "srcset", "formaction", "style")}\s*=|<!--|\x60{3}`),

  // Escapes that spell out text a reader would not recognise.
  rule("encoded-instruction", r`\\u[0-9a-f]{4}|\\x[0-9a-f]{2}|(?:%[0-9a-f]{2}){3,}`),
];

/** Matched on the text as written and on every decoded reading of it. */
export const READING_RULES: Rule[] = [...INSTRUCTION_RULES, ...MULTILINGUAL_RULES, ...ORIGINAL_RULES_RULES, ...FURTHER_LANGUAGE_RULES];
/** Matched on the text as written only. */
export const PLAIN_RULES: Rule[] = SURFACE_RULES;
