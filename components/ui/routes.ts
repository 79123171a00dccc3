// Where the app's cross-links land. Pages are routed by id: titles hold spaces, "&" and slashes.

export const pageHref = (pageId: string) => `/pages/${pageId}`;

export const threadHref = (threadId: string) => `/threads/${threadId}`;

export const episodesHref = (threadId: string) => `/threads/${threadId}/episodes`;

/** The chat scrolled to one message and highlighting it; the server loads the stretch around an old one. */
export const messageHref = (threadId: string, seq: number) => `/threads/${threadId}?seq=${seq}#m-${seq}`;
