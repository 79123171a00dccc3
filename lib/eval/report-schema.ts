import { z } from "zod";
import { ARM_IDS } from "@/lib/eval/arms";
import { REGIMES } from "@/lib/eval/regimes";

// The evaluation's report.json: written by scripts/eval.ts, read back by the
// evaluation page. One schema for both, so a report the page cannot read is
// refused where it is written.

export const armIdSchema = z.enum(ARM_IDS);
/** For LoCoMo, "outside" means all of a question's evidence is older than the window, "inside" anything else. */
export const regimeSchema = z.enum(REGIMES);

const proportionSchema = z.object({
  count: z.number().int().nonnegative(),
  n: z.number().int().nonnegative(),
  rate: z.number().min(0).max(1),
  /** Wilson 95% interval. */
  low: z.number().min(0).max(1),
  high: z.number().min(0).max(1),
});

const distributionSchema = z.object({ mean: z.number(), p50: z.number(), p95: z.number() });

/** A model as the report names it; its kind is kept as written, so a report from a later provider still reads. */
const modelSchema = z.object({ kind: z.string(), label: z.string(), modelId: z.string() });

export const armCostsSchema = z.object({
  /** The first model call's prompt (system + messages), counted with the o200k tokenizer. */
  promptTokens: z.number().int().nonnegative(),
  /** Input tokens over every model call of the turn, as the model reported them. */
  inputTokens: z.number().int().nonnegative(),
  /**
   * Input tokens over every model call, counted like promptTokens: each later
   * call rereads the prompt plus the earlier steps' text, tool calls and tool
   * results. The compressor's summary calls are counted apart (summaryCalls).
   */
  allCallsInputTokens: z.number().int().nonnegative().optional(),
  /** The reply's text, tool calls and tool results, counted like promptTokens. */
  outputTokens: z.number().int().nonnegative().optional(),
  /** Tokens of the buffer block or the compressor's summary in the prompt. */
  addedTokens: z.number().int().nonnegative(),
  recallTokens: z.number().int().nonnegative(),
  /** The turn's model calls (steps) plus, for the compressor, the summary calls that built its summary. */
  modelCalls: z.number().int().nonnegative(),
  summaryCalls: z.number().int().nonnegative(),
  /** read_page and search_chat_history calls. */
  toolCalls: z.number().int().nonnegative(),
  /** The turn before the model: database, recall and buffer. */
  overheadMs: z.number().nonnegative(),
  /** The whole turn, model included; the compressor's summary calls are in summaryMs, not here. */
  totalMs: z.number().nonnegative(),
  summaryMs: z.number().nonnegative(),
});

export const armResultSchema = z.object({
  arm: armIdSchema,
  answer: z.string(),
  correct: z.boolean(),
  /** The model judge's verdict, null when no judge ran. */
  judged: z.boolean().nullable(),
  /** Token F1 against a free-text gold answer (LoCoMo); absent for planted values. */
  f1: z.number().min(0).max(1).nullable().optional(),
  /** The answer's turn called read_page on a page the evidence was filed on. */
  opened: z.boolean(),
  /** The buffer block held a line pointing at such a page. */
  pointed: z.boolean(),
  /** Recall (with the feed, when on) brought such a page into the prompt; absent in older reports. */
  recalled: z.boolean().optional(),
  bufferStatus: z.string(),
  error: z.string().nullable(),
  costs: armCostsSchema,
});

export const caseResultSchema = z.object({
  /** Pairs arms (and, for planted threads, regimes). */
  id: z.string(),
  regime: regimeSchema,
  question: z.string(),
  expected: z.string(),
  /** What the source says about the case: topic, fact kind, LoCoMo category… */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** Messages in the thread when the question was asked. */
  messages: z.number().int().nonnegative(),
  /** Pages the memory pass filed the evidence on; empty when it filed none. */
  filedPages: z.array(z.string()),
  /** Where the evidence sits: a planted case's group (fact position), a LoCoMo category. */
  group: z.string().optional(),
  /** The conversation the case came from (LoCoMo's sample); intervals resample these, not questions. */
  cluster: z.string().optional(),
  /** What loading the thread cost the memory pass, once for every arm: its runs, and the tokens of the episode lines it wrote. */
  memoryPass: z.object({ passes: z.number().int().nonnegative(), episodeTokens: z.number().int().nonnegative() }).optional(),
  results: z.array(armResultSchema),
});

export const accuracyRowSchema = z.object({
  arm: armIdSchema,
  regime: regimeSchema,
  correct: proportionSchema,
  judged: proportionSchema.nullable(),
  opened: proportionSchema,
  /** Only for arms that show the buffer. */
  pointed: proportionSchema.nullable(),
  /** Only for arms that recall; absent in older reports. */
  recalled: proportionSchema.nullable().optional(),
});

/** Accuracy within a slice of the cases, by one of their details (how the question is worded, LoCoMo's category). */
export const sliceRowSchema = z.object({
  by: z.string(),
  value: z.string(),
  arm: armIdSchema,
  regime: regimeSchema,
  correct: proportionSchema,
});

export const comparisonSchema = z.object({
  regime: regimeSchema,
  metric: z.enum(["correct", "judged"]),
  /** The difference is arm minus baseline. */
  arm: armIdSchema,
  baseline: armIdSchema,
  n: z.number().int().positive(),
  meanArm: z.number(),
  meanBaseline: z.number(),
  diff: z.number(),
  /** Paired bootstrap 95% interval for diff. */
  low: z.number(),
  high: z.number(),
  /** Exact McNemar: cases only the baseline got right, cases only the arm got right, two-sided p. */
  onlyBaseline: z.number().int().nonnegative(),
  onlyArm: z.number().int().nonnegative(),
  pValue: z.number().min(0).max(1),
  /** Holm-adjusted over every comparison of the report's family (regimes, or groups, per metric). */
  pHolm: z.number().min(0).max(1).optional(),
});

/** The same paired comparison within one group of cases (a fact position). */
export const groupComparisonSchema = comparisonSchema.omit({ regime: true }).extend({ group: z.string() });

/** The same paired comparison within one slice of the cases (whether the question names its topic, LoCoMo's category). */
export const sliceComparisonSchema = comparisonSchema.omit({ regime: true }).extend({ by: z.string(), value: z.string() });

/** Mean token F1 of an arm over one group of free-text questions, the interval resampling whole conversations. */
export const f1RowSchema = z.object({
  arm: armIdSchema,
  group: z.string(),
  n: z.number().int().nonnegative(),
  clusters: z.number().int().nonnegative(),
  mean: z.number().min(0).max(1),
  low: z.number().min(0).max(1),
  high: z.number().min(0).max(1),
});

export const costRowSchema = z.object({
  arm: armIdSchema,
  n: z.number().int().nonnegative(),
  promptTokens: distributionSchema,
  inputTokens: distributionSchema,
  addedTokens: distributionSchema,
  modelCalls: distributionSchema,
  toolCalls: distributionSchema,
  overheadMs: distributionSchema,
  totalMs: distributionSchema,
  allCallsInputTokens: distributionSchema.optional(),
  outputTokens: distributionSchema.optional(),
  /** Set on rows of one group of cases (e.g. the fits-window no-op cost); absent on the all-cases rows. */
  group: z.string().optional(),
});

export const evalReportSchema = z.object({
  version: z.literal(1),
  /** "planted" covers generated cases and a user's case file alike. */
  source: z.enum(["planted", "locomo"]),
  createdAt: z.iso.datetime(),
  /** The small run that ships with the app (`npm run eval:refresh`), shown until a real run has written its own. */
  sample: z.boolean().optional(),
  /** The commit the run was made from, when it was run inside a git checkout. */
  commit: z.string().optional(),
  wallMs: z.number().nonnegative(),
  /** The chat model, which answered every question. */
  model: modelSchema,
  /**
   * Which model played each role (lib/models/roles.ts): the summary's only
   * when an arm summarised, the judge's only when one judged, else null.
   * Absent in reports written before roles, where one model played them all.
   */
  roles: z.object({ chat: modelSchema, memory: modelSchema, summary: modelSchema.nullable(), judge: modelSchema.nullable() }).optional(),
  database: z.enum(["pglite", "postgres"]),
  settings: z.object({
    /** Planted threads drawn, or LoCoMo conversations read. */
    threads: z.number().int().nonnegative(),
    seed: z.number().int(),
    window: z.number().int().positive(),
    stretch: z.number().int().positive(),
    judge: z.boolean(),
    locomoFile: z.string().nullable(),
    bootstrapIterations: z.number().int().positive(),
  }),
  arms: z.array(z.object({ id: armIdSchema, label: z.string(), description: z.string() })),
  regimes: z.array(regimeSchema),
  accuracy: z.array(accuracyRowSchema),
  slices: z.array(sliceRowSchema),
  comparisons: z.array(comparisonSchema),
  costs: z.array(costRowSchema),
  cases: z.array(caseResultSchema),
  /** How the cases were grouped (fact position, LoCoMo category), in report order. */
  groups: z.array(z.string()).optional(),
  /** Accuracy of every arm in every group. */
  byGroup: z.array(sliceRowSchema.omit({ regime: true })).optional(),
  groupComparisons: z.array(groupComparisonSchema).optional(),
  sliceComparisons: z.array(sliceComparisonSchema).optional(),
  /** Costs per arm within each group. */
  groupCosts: z.array(costRowSchema).optional(),
  /** Token F1 per arm and group, for free-text (LoCoMo) cases; categories apart, adversarial apart. */
  f1: z.array(f1RowSchema).optional(),
  /** The memory pass's episode lines over all cases, tokens per pass. */
  episodeTokensPerPass: distributionSchema.optional(),
  /** What the run was: the code's commit (with "-dirty" for uncommitted changes) and the command's options. */
  provenance: z.object({ commit: z.string(), options: z.string(), casesFile: z.string().nullable() }).optional(),
});

export type EvalReport = z.infer<typeof evalReportSchema>;
export type CaseResult = z.infer<typeof caseResultSchema>;
export type ArmResult = z.infer<typeof armResultSchema>;
export type ArmCosts = z.infer<typeof armCostsSchema>;
export type AccuracyRow = z.infer<typeof accuracyRowSchema>;
export type Comparison = z.infer<typeof comparisonSchema>;
export type SliceRow = z.infer<typeof sliceRowSchema>;
export type CostRow = z.infer<typeof costRowSchema>;
export type GroupComparison = z.infer<typeof groupComparisonSchema>;
export type SliceComparison = z.infer<typeof sliceComparisonSchema>;
export type F1Row = z.infer<typeof f1RowSchema>;
export type Proportion = z.infer<typeof proportionSchema>;
export type Distribution = z.infer<typeof distributionSchema>;
