import { z } from "zod";

// Rows a statement returns inside json (json_agg, row_to_json) lose their
// column types on the way: PostgreSQL renders a timestamp(3) column as UTC
// wall-clock text without a zone. Each such row is parsed with a zod schema
// at the boundary, and its timestamps with this one conversion.

/** A timestamp(3) column as json renders it, back to the Date Prisma would have read. */
export const jsonTimestamp = z.string().transform((text) => new Date(`${text}Z`));
