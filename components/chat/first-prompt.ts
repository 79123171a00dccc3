// A prompt picked on the empty workspace's start page waits in this tab's
// session storage until the thread made for it opens, and is sent then. The
// address never carries it: a link from another site must not be able to
// make the owner's browser send a message.

const keyOf = (threadId: string) => `episodic-buffer:first-prompt:${threadId}`;

export function keepFirstPrompt(threadId: string, text: string): void {
  sessionStorage.setItem(keyOf(threadId), text);
}

/** The prompt waiting for this thread, once: reading it removes it. */
export function takeFirstPrompt(threadId: string): string | null {
  const text = sessionStorage.getItem(keyOf(threadId));
  if (text !== null) sessionStorage.removeItem(keyOf(threadId));
  return text;
}
