import { z } from "zod";

/**
 * The ids the database hands out: Prisma's cuid(), "c" and 20 to 32
 * lowercase letters and digits (the same test Prisma's own isCuid applies).
 * Anything else in an id position is malformed, not merely unknown.
 */
export const recordIdSchema = z.string().regex(/^c[a-z0-9]{20,32}$/, "not a well-formed id");
