/** Turns the debug panel fetches at a time; older ones come with "Load older turns", since every trace carries its whole prompt. */
export const TURNS_PER_PAGE = 20;
