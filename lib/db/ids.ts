import { createHash, randomBytes } from "node:crypto";

// Ids for rows a raw statement inserts, where Prisma's cuid() default does not
// run: the same shape ("c" and lowercase letters and digits, 25 in all, which
// recordIdSchema accepts), starting with the time so they sort roughly by
// creation like Prisma's.

let counter = 0;

export function newRecordId(): string {
  const time = Date.now().toString(36).padStart(9, "0");
  counter = (counter + 1) % 36 ** 3;
  const count = counter.toString(36).padStart(3, "0");
  const random = [...randomBytes(12)].map((b) => (b % 36).toString(36)).join("");
  return `c${time}${count}${random}`;
}

/**
 * The ids of rows copied into another workspace (the demo's copies): each
 * old id has one new id, derived from it and the copy's salt, so rows that
 * point at each other still do once copied, whichever table is copied first,
 * and ids inside JSON (a trace's prompt, a tool's output) are rewritten the
 * same way. `pinned` maps ids that already have their counterpart (the
 * template's workspace to the copy's).
 */
export class CopiedIds {
  constructor(
    private readonly salt: string,
    private readonly pinned: ReadonlyMap<string, string> = new Map(),
  ) {}

  of(id: string): string {
    return this.pinned.get(id) ?? `c${createHash("sha256").update(`${this.salt}:${id}`).digest("hex").slice(0, 24)}`;
  }

  ofNullable(id: string | null): string | null {
    return id === null ? null : this.of(id);
  }

  /** A JSON value with every record id in it rewritten. */
  inJson<T>(value: T): T {
    if (value === null || value === undefined) return value;
    return JSON.parse(JSON.stringify(value).replace(RECORD_ID_IN_TEXT, (id) => this.of(id))) as T;
  }
}

// A record id standing alone in text: not part of a longer word.
const RECORD_ID_IN_TEXT = /(?<![A-Za-z0-9])c[a-z0-9]{20,32}(?![A-Za-z0-9])/g;
