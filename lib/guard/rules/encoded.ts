// Escapes that spell out text a reader would not recognise.

import { type Rule, r, rule } from "@/lib/guard/rules/vocabulary";

export const ENCODED_RULES: Rule[] = [
  rule("encoded-instruction", r`\\u[0-9a-f]{4}|\\x[0-9a-f]{2}|(?:%[0-9a-f]{2}){3,}`),
];
