// An episode as plain data: what the read path, the timeline and the pure rules work on.
import type { BufferMark } from "@/lib/contracts/prompt/buffer-block";

/** One consolidated stretch of a thread (or a fold of several), as the read path sees it. */
export type EpisodeLine = {
  id: string;
  fromSeq: number;
  toSeq: number;
  fromAt: Date;
  toAt: Date;
  gist: string;
  /** Titles of the pages the stretch's memory pass wrote facts into, in filing order. */
  pages: string[];
  /** What the line must say about its records (rejected, corrected since, worded by the owner). */
  marks: BufferMark[];
};
