// Tasks slipped into a document the assistant reads (an email, a web page, a
// review, a table): they do not set the assistant's rules aside, they give it
// something else to do with its answer — encode it, translate it, reverse it,
// add a line to it, send the reader somewhere. Ordinary business notes speak
// of replies to someone ("your reply to the landlord"); these speak to the
// assistant about its own output.

import { type Rule, MACHINE, SAME_SENTENCE, alt, r, rule } from "@/lib/guard/rules/vocabulary";

/** What an injected task asks done to an answer ("modify your answer to mention …"): an infinitive, never the person the reply goes to. */
const REWORK = ["mention", "include", "express", "highlight", "promote", "hint", "state", "add", "recommend", "suggest", "encourage", "emphasi[sz]e", "reflect", "convey", "feature", "advertise", "urge", "ask", "tell", "contain", "end", "start", "begin", "form", "make", "show"];
/** What the assistant produces. */
const OUTPUT = alt("response", "responses", "reply", "replies", "answer", "answers", "output", "outputs", "summary", "completion", "message", "messages", "translation");
/** "Your reply" that is the assistant's own: not "your reply to the landlord" or "your reply from". */
const YOUR_OUTPUT = r`your\s+(?:${alt("next", "final", "every", "each", "whole", "entire", "own")}\s+)?${OUTPUT}(?:'s)?\b(?!\s+${alt("to", "from", "for", "about", "regarding", "on", "with")}\s+(?!${alt("this", "me", "my", "all", "every", "each", "any", "the (?:user|reader|question|prompt|request)", ...REWORK)}\b))`;
/** Ways of reworking an answer that no business note asks of one. */
const TRANSFORM = alt(
  "base\\s?(?:16|32|58|64|85)",
  "hex(?:adecimal)?",
  "binary",
  "morse(?: code)?",
  "rot-?13",
  "(?:a |the )?caesar(?: cipher)?",
  "(?:a |an )?(?:simple |monoalphabetic |substitution )*cipher",
  "emojis?(?: only)?",
  "reverse(?:d)?(?: order)?",
  "backwards?",
  "pig latin",
  "leetspeak",
  "all (?:caps|capitals|capital letters|uppercase)",
  "uppercase only",
  "upside[- ]down",
  "code",
  "json only",
);

export const INJECTED_TASK_RULES: Rule[] = [
  // Something done to the assistant's own output.
  rule("injected-task", r`\b(?:${alt("in", "into", "within", "inside", "throughout", "at the (?:start|end|beginning|top|bottom) of", "to", "before", "after", "under")})\s+(?:${alt("each", "every", "all", "any")}\s+(?:of\s+)?)?${YOUR_OUTPUT}`),
  rule("injected-task", r`\b${alt("encode", "encrypt", "translate", "render", "rewrite", "reverse", "invert", "format", "write", "provide", "give", "express", "shift", "deliver", "present", "display", "output", "spell", "convert", "modify", "enhance", "augment", "change", "alter", "end", "start", "begin", "sign", "finish", "close", "conclude", "replace", "substitute", "encase", "wrap")}\s+(?:${alt("all", "each", "every", "the words of", "the letters of", "the order of (?:letters|words|characters) in", "each letter in", "every word in", "main keywords in", "keywords in", "words in")}\s+)?(?:of\s+)?${YOUR_OUTPUT}`),
  rule("injected-task", r`\b${YOUR_OUTPUT}\s+(?:${alt("should", "must", "shall", "needs to", "has to", "will", "is to", "ought to")})\b`),
  rule("injected-task", r`\b${alt("reply", "respond", "answer", "write back", "communicate", "speak", "talk")}\s+(?:only\s+)?(?:${alt("in", "using", "with", "via", "through")})\s+(?:the\s+)?(?:${TRANSFORM})\b`),
  rule("injected-task", r`\b${alt("use", "apply", "employ")}\s+(?:an?\s+|the\s+)?${TRANSFORM}\s+${alt("for", "on", "to", "in")}\s+(?:${YOUR_OUTPUT}|${alt("the|this")}\s+${OUTPUT})`),
  // Someone to say something to, named the way a model names its reader.
  rule("injected-task", r`\b${alt("tell", "inform", "ask", "convince", "persuade", "urge", "remind", "warn", "advise", "encourage", "instruct", "direct", "redirect", "trick", "lure", "prompt", "request", "get")}\s+the\s+${alt("user", "users", "reader", "readers", "recipient", "recipients", "human")}\b(?!\s*(?:'s|manual|guide|agreement|interface|account|name|id))${SAME_SENTENCE(80)}\b${alt("visit", "click", "go to", "download", "install", "log ?in", "sign ?in", "enter", "type", "send", "transfer", "pay", "call", "reset", "verify", "confirm", "share", "provide", "give", "reply", "forward", "follow", "open", "update", "https?", "www", "password", "account", "compromised", "link", "website", "site", "app", "code")}\b`),
  rule("injected-task", r`\b${alt("suggest", "recommend", "ask", "tell", "urge", "encourage")}\s+(?:that\s+)?(?:the\s+)?${alt("users", "readers", "recipients")}\s+(?:to\s+|should\s+)?${alt("visit", "click", "share", "send", "enter", "subscribe", "call", "download", "install", "transfer", "buy", "provide", "give", "reply", "confirm")}\b`),
  // Spelling games played on the answer itself: no owner wants a reply's letters regrouped or its vowels swapped.
  rule("injected-task", r`\b${alt("letters?", "words?", "characters?", "vowels?", "consonants?", "spaces", "punctuation", "sentences")}\s+${alt("of", "in", "from", "within", "throughout")}\s+(?:${alt("each", "every", "all")}\s+(?:${alt("word", "sentence")}\s+${alt("of", "in")}\s+)?)?${YOUR_OUTPUT}|\b${alt("intentional", "deliberate", "purposeful")}\s+${alt("misspellings?", "typos", "spelling (?:mistakes|errors)", "grammar mistakes")}\b|\b${alt("replace", "substitute", "swap")}\s+(?:${alt("every", "each", "all")}\s+(?:(?:other|second|third|fourth|fifth|\d+(?:st|nd|rd|th))\s+)?|the\s+)?${alt("letters?", "vowels?", "consonants?", "characters?")}\s+(?:${alt("with", "by", "in")}\b|(?:of|in)\s+${alt("your", "the (?:answer|response|reply|text)")})`),
  // The answer reworked to carry someone else's message.
  rule("injected-task", r`\b${alt("modify", "augment", "enhance", "supplement", "amend", "alter", "tailor", "adjust")}\s+${YOUR_OUTPUT}\s+(?:${alt("to", "with", "by", "so")})\b`),
  // A note addressed to the machine reading the document, not to a person.
  rule("injected-task", r`\b${alt("note", "message", "notice", "instructions?", "memo", "attention", "reminder")}\s+${alt("to", "for")}\s+(?:${alt("the", "any", "all", "every")}\s+)?(?:${MACHINE}|${alt("automated", "automatic")}\s+[\w-]+|${alt("ai", "llm", "language model", "screening", "analysis", "summari[sz]ation", "review")}\s+${alt("software", "systems?", "tools?", "models?", "agents?", "readers?", "scanners?", "bots?")})s?\b|\b${alt("invisible", "hidden")}\s+to\s+humans\b|\bvisible\s+(?:only\s+)?to\s+(?:the\s+)?(?:${MACHINE}|${alt("models?", "machines?", "scanners?", "crawlers?")})\b|\b${alt("automated", "automatic")}\s+${alt("screening", "analysis", "review", "evaluation", "scoring")}\s+${alt("systems?", "software", "tools?")}\b`),
  // Text that tells the reader to answer with it and nothing else.
  rule("injected-task", r`\b${alt("reply", "respond", "answer", "output")}\s+with\s+(?:only\s+)?(?:${alt("the following", "this", "these")})\s+(?:\w+\s+){0,2}?(?:${alt("and (?:absolutely )?nothing else", "only")})\b|\b(?:if|when)\s+(?:the\s+)?${alt("user", "reader", "anyone", "someone")}\s+asks?\s+(?:you\s+)?for\s+a\s+${alt("summary", "translation", "review", "evaluation", "assessment")}\b`),
  rule("injected-task", r`\b${alt("forward\\w*", "send\\w*", "reply\\w*", "include", "list\\w*", "email")}\b${SAME_SENTENCE(100)}\b(?:${alt("your", "the")}\s+inbox|email\s+ids|every\s+(?:sender|email)|all\s+(?:the\s+|of\s+the\s+)?emails|any\s+email|emails?\s+${alt("marked", "tagged")}|confidential\s+emails?|${alt("bodies", "contents", "subjects")}\s+of\s+(?:${alt("all", "any", "every", "the last")}))\b`),
  rule("injected-task", r`\b${alt("integrate", "augment", "convert", "insert", "embed", "incorporate", "weave", "use")}\b${SAME_SENTENCE(60)}\b(?:${alt("in", "into", "for", "throughout")}\s+)?your\s+${alt("reply", "response", "answer", "output")}\b(?!\s+${alt("to", "for", "from", "about")}\b)`),
];
