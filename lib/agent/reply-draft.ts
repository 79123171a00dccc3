import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { appendMessage, rewriteReply } from "@/lib/threads/messages";

/** A reply that streams longer than this is saved as it goes, at most once per this long. */
export const DRAFT_SAVE_MS = 1_000;

/**
 * A reply saved while it streams, so a server that dies mid-reply leaves
 * what was written: stored INTERRUPTED until the model says it is done (the
 * turn then saves it COMPLETE), and the memory pass never reads it. A reply
 * that finishes within DRAFT_SAVE_MS is never drafted: the turn saves it
 * once. Writes are one at a time and at most one per DRAFT_SAVE_MS, each with
 * the latest text.
 */
export class ReplyDraft {
  private text = "";
  private message: Message | null = null;
  private writing: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastWrite: number;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly threadId: string,
    private readonly intervalMs = DRAFT_SAVE_MS,
    /** What is stored of the text so far: a customer's reply is stored as the customer may read it. */
    private readonly stored: (text: string) => string = (text) => text,
  ) {
    this.lastWrite = performance.now();
  }

  /** More of the reply's text arrived. */
  append(delta: string): void {
    this.text += delta;
    if (this.closed || this.timer || this.writing || !this.text.trim()) return;
    const wait = Math.max(0, this.lastWrite + this.intervalMs - performance.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.timer = undefined;
    if (this.closed) return;
    const text = this.text.trim();
    const saved = this.stored(text);
    this.lastWrite = performance.now();
    this.writing = (this.message ? rewriteReply(this.db, this.message.id, { text: saved }) : appendMessage(this.db, this.threadId, { role: "ASSISTANT", speaker: "AGENT", text: saved, status: "INTERRUPTED" }))
      .then(
        (message) => void (this.message = message),
        // A draft that could not be written is only a lost safety copy: the turn still saves the reply when it ends.
        (error: unknown) => console.error("could not save the reply so far:", (error as Error).message),
      )
      .finally(() => {
        this.writing = null;
        if (!this.closed && this.text.trim() !== text) this.append("");
      });
  }

  /** Stops drafting and waits for a write in flight: the drafted message, or null when none was written. */
  async close(): Promise<Message | null> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.writing;
    return this.message;
  }
}
