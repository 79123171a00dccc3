import { z } from "zod";

/** A model as a trace names it: which kind of provider, what the UI calls it, and the name the provider knows it by. */
export const modelRefSchema = z.object({ kind: z.enum(["offline", "openai", "openai-compatible", "local"]), label: z.string(), modelId: z.string() });

export type ModelRef = z.infer<typeof modelRefSchema>;
