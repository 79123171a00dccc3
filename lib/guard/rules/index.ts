// The injection rules, one file per attack family, each named by the family
// the scan reports. The rules are frozen: the published corpora the scan is
// measured on (tests/fixtures/injection/measured/) were gathered after they
// were written, a fault found since was fixed on the tuning lines alone and
// frozen again, and a test holds the measured figures to the committed report.

import { DELIMITER_RULES } from "@/lib/guard/rules/delimiter";
import { ENCODED_RULES } from "@/lib/guard/rules/encoded";
import { HARMFUL_REQUEST_RULES } from "@/lib/guard/rules/harmful-request";
import { INJECTED_TASK_RULES } from "@/lib/guard/rules/injected-task";
import { LINK_RULES } from "@/lib/guard/rules/link";
import { MARKUP_RULES } from "@/lib/guard/rules/markup";
import { MULTILINGUAL_RULES } from "@/lib/guard/rules/multilingual";
import { OVERRIDE_RULES } from "@/lib/guard/rules/override";
import { PERSONA_RULES } from "@/lib/guard/rules/persona";
import { PRETEXT_RULES } from "@/lib/guard/rules/pretext";
import { PROMPT_LEAK_RULES } from "@/lib/guard/rules/prompt-leak";
import { ROLE_TAG_RULES } from "@/lib/guard/rules/role-tag";
import { TOOL_CALL_RULES } from "@/lib/guard/rules/tool-call";
import type { Rule } from "@/lib/guard/rules/vocabulary";

export type { Family, Rule } from "@/lib/guard/rules/vocabulary";

/** Matched on the text as written and on every decoded reading of it. */
export const READING_RULES: Rule[] = [
  ...ROLE_TAG_RULES,
  ...OVERRIDE_RULES,
  ...PERSONA_RULES,
  ...PROMPT_LEAK_RULES,
  ...DELIMITER_RULES,
  ...INJECTED_TASK_RULES,
  ...PRETEXT_RULES,
  ...MULTILINGUAL_RULES,
  ...HARMFUL_REQUEST_RULES,
];

/** Rules about what the text would do to a renderer or a tool: matched on the text as written only. */
export const PLAIN_RULES: Rule[] = [...TOOL_CALL_RULES, ...LINK_RULES, ...MARKUP_RULES, ...ENCODED_RULES];
