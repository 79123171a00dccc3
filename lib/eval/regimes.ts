/** Whether the question turn's window still shows a case's evidence; apart from the generator so the report schema (and the page) need none of it. */
export const REGIMES = ["outside", "inside"] as const;
export type Regime = (typeof REGIMES)[number];
