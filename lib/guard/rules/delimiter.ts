// Text posing as the end of this block or the start of another prompt section.

import { type Rule, alt, r, rule } from "@/lib/guard/rules/vocabulary";

export const DELIMITER_RULES: Rule[] = [
  rule("delimiter-spoof", r`\[${alt("earlier in this thread", "recalled pages", "existing pages", "messages", r`(?:end|start|begin)\s+[^\]]{1,20}`, "instructions?")}\]`),
  rule("delimiter-spoof", r`${alt("-{3}", "={3}", r`\*{3}`, "#{3}", "_{3}")}\s*(?:${alt("end", "begin", "start", "new")}\s+(?:of\s+)?(?:the\s+)?(?:\w+\s+)?${alt("system", "instructions?", "prompt", "context", "input", "admin", "user", "conversation", "document", "data", "notes", "buffer", "rules")}|${alt("system", "instructions?", "role")})\b`),
  rule("delimiter-spoof", r`\b${alt("end", "begin(?:ning)?", "start")}\s+of\s+(?:the\s+)?${alt("buffer", "notes section", "system prompt", "context window", "context", "untrusted", "user input", "input", "earlier in this thread", "document", "data", "system instructions", "prompt", "instructions")}\b(?!\s+\p{Ll})|\bbegin\s+${alt("system", "new", "admin")}\s+${alt("instructions?", "prompt", "message")}\b`),
  rule("delimiter-spoof", r`${alt("={3,}", "-{3,}", "#{3,}")}\s*${alt("assistant", "system", "admin", "developer")}\b[^\n=#-]{0,30}${alt("={3,}", "-{3,}", "#{3,}")}`),
];
