/** Planted-fact threads `npm run eval` draws unless told otherwise (`--threads`): ten per fact position. */
export const DEFAULT_EVAL_THREADS = 60;
