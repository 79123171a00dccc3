// Where the app's cross-links land. Pages are routed by id: titles hold spaces, "&" and slashes.

export const pageHref = (pageId: string) => `/pages/${pageId}`;

/** A page opened from a buffer line: the facts the line points at are highlighted and scrolled to. */
export const lineOnPageHref = (pageId: string, episodeId: string) => `/pages/${pageId}?line=${episodeId}`;

/** One fact on its page, scrolled to and marked (its row's anchor is #fact-<id>). */
export const factHref = (pageId: string, factId: string) => `/pages/${pageId}#fact-${factId}`;

export const threadHref = (threadId: string) => `/threads/${threadId}`;

export const episodesHref = (threadId: string) => `/threads/${threadId}/episodes`;

/** The chat scrolled to one message and highlighting it; the server loads the stretch around an old one. */
export const messageHref = (threadId: string, seq: number) => `/threads/${threadId}?seq=${seq}#m-${seq}`;

/** The Memory screen, narrowed to what one thread filed (or any other filter it takes). */
export const memoryHref = (filter: { thread?: string; page?: string } = {}) => {
  const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return `/memory${query.size > 0 ? `?${query}` : ""}`;
};
