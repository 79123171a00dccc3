// Tool-call syntax: a line that looks like a call can be copied into one.

import { type Rule, alt, r, rule } from "@/lib/guard/rules/vocabulary";

export const TOOL_CALL_RULES: Rule[] = [
  rule("tool-call", r`<\s*/?\s*${alt("tool_calls?", "tool_use", "tool_result", "function_calls?", "function", "invoke", "parameter", r`antml:\w+`, "tools?")}\b[^<>]*>?`),
  rule("tool-call", r`["']\s*${alt("name", "tool", "tool_name", "function", "arguments", "parameters", "args", "action", "action_input", "recipient", "instructions?", "system", "prompt", "command", "directive")}\s*["']\s*:`),
  rule("tool-call", r`\b${alt("read_page", "search_chat_history", "tool_calls?", "function_call", r`functions\.\w+`, "multi_tool_use")}\b`),
  rule("tool-call", r`(?<![a-z0-9_])[a-z][a-z0-9]*(?:_[a-z0-9]+)+\s*\(`),

];
