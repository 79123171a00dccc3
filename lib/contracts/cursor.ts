import { z } from "zod";
import { recordIdSchema } from "@/lib/contracts/ids";
import { storableDateTime } from "@/lib/contracts/timestamps";

// Keyset paging for lists ordered by a timestamp with the row id as the
// tie-break (threads by last change, traces and facts by creation). A cursor
// names the last row a page showed by its sort key, not by its position, so a
// page costs the same however deep it is and rows written meanwhile neither
// repeat nor vanish. It travels as one opaque query parameter.

/** The sort key of the last row a page showed. */
export type Keyset = { at: Date; id: string };

/** One page of a list and the cursor that continues it; null when nothing follows. */
export type KeysetPage<T> = { items: T[]; next: string | null };

export function encodeCursor(key: Keyset): string {
  return Buffer.from(JSON.stringify([key.at.toISOString(), key.id])).toString("base64url");
}

const cursorFields = z.tuple([storableDateTime(), recordIdSchema]);

/** A `?cursor=` value: what encodeCursor wrote, or a refusal. */
export const cursorSchema = z
  .string()
  .max(200)
  .transform((raw, ctx): Keyset => {
    let fields: unknown;
    try {
      fields = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    } catch {
      fields = null;
    }
    const parsed = cursorFields.safeParse(fields);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "not a cursor this app hands out" });
      return z.NEVER;
    }
    return { at: new Date(parsed.data[0]), id: parsed.data[1] };
  });

/**
 * The rows after a cursor in a list sorted by `field` then id, both in
 * `order`: a Prisma where clause for any model with such a field.
 */
export function afterKeyset<F extends string>(field: F, key: Keyset, order: "asc" | "desc") {
  const past = order === "desc" ? "lt" : "gt";
  return {
    OR: [{ [field]: { [past]: key.at } }, { [field]: key.at, id: { [past]: key.id } }],
  } as { OR: [Record<F, { lt?: Date; gt?: Date }>, Record<F, Date> & { id: { lt?: string; gt?: string } }] };
}

/**
 * A page from rows fetched with `take: limit + 1`: the extra row only says
 * that more follow, and the cursor is the last row kept.
 */
export function keysetPage<T>(rows: T[], limit: number, keyOf: (row: T) => Keyset): KeysetPage<T> {
  const items = rows.slice(0, limit);
  return { items, next: rows.length > limit ? encodeCursor(keyOf(items[items.length - 1])) : null };
}
