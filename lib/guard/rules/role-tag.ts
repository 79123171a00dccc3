// Role and turn markers: text that tries to open a new system, user or assistant turn.

import { type Rule, MACHINE, ROLE, alt, r, rule } from "@/lib/guard/rules/vocabulary";

export const ROLE_TAG_RULES: Rule[] = [
  rule("role-tag", r`<\s*/?\s*${alt(ROLE, "tool", "function", "im_start", "im_end", "instructions?", "inst", "sys", "s", "admin", "context", "prompt")}[\w-]*[^<>]*>`),
  rule("role-tag", r`<\|[^|<>\s]{1,30}\|>`),
  rule("role-tag", r`\[\s*/?\s*${alt("inst", "sys", "system", "assistant", "user", "developer", "admin", "administrator", "root", "operator")}\b[^\]\n]{0,30}(?:\]|::?)`),
  rule("role-tag", r`\bsystem_${alt("message", "prompt", "instructions?", "note")}\s*[:=]|<<\s*/?\s*sys\s*>>|\[\s*${alt("hidden", "secret", "invisible", MACHINE, "model", "assistant")}\b[^\]\n]{0,12}:`),
  rule("role-tag", r`^[ #>*\-\["']*${ROLE}(?:\s+${alt("message", "prompt", "note", "override", "instructions?", "update", "notice")})?\s*\]?\s*:`, "imu"),
  rule("role-tag", r`^[ #>*\-\["']*${alt("ADMIN", "ADMINISTRATOR", "ROOT", "SUDO", "OPERATOR", "DEVELOPER", "OWNER OVERRIDE")}\s*:`, "mu"),
  rule("role-tag", r`(?:[.!?;\]]|\s[-–—=*]+|:\s*["'])\s*${alt("system", "assistant", "developer", "admin", "agent", MACHINE)}s?(?:\s+${alt("message", "prompt", "note", "override", "instructions?", "notice")})?\s*:`),
  rule("role-tag", r`^\s*${MACHINE}\s*:`, "imu"),
  rule("role-tag", r`(?:^|\s)#{1,6}\s*${alt("system", "instructions?", "response", "assistant", "user", "input", "developer", "new instructions")}\b`, "imu"),
  rule("role-tag", r`\bsystem\s+override\b|\bsystem\s+${alt("notice", "alert")}\s*:`),
  rule("role-tag", r`["']?role["']?\s*[:=]\s*["']?${alt("system", "assistant", "developer", "user", "model")}\b`),

];
