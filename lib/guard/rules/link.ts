// Links that would make a renderer or a tool fetch an address, or carry data out in one.

import { type Rule, TLD, alt, r, rule } from "@/lib/guard/rules/vocabulary";

export const LINK_RULES: Rule[] = [
  rule("link", r`${alt("https?", "ftps?", "file", "wss?")}://|\b${alt("javascript", "vbscript", "mailto")}:`),
  rule("link", r`\bwww\.[a-z0-9-]+\.|(?:^|[\s(\["'])//[a-z0-9-]+\.[a-z]`),
  rule("link", r`(?<![a-z0-9-])[a-z0-9-]+\.${TLD}(?::\d+)?[/?#]`),
  rule("link", r`\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?/`),
  rule("link", r`\bdata:[a-z]+/[a-z0-9.+-]+[;,]`),
];
