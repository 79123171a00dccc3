import { z } from "zod";

// A date and time from outside that is written to, or compared in, the
// database. ISO 8601 spells years 0000 to 9999, and PostgreSQL has no year
// 0 (1 BC comes before AD 1), so a date that falls in year 0 once taken to
// UTC is refused here rather than by the database.

const FIRST_STORABLE = Date.parse("0001-01-01T00:00:00Z");

/** An ISO 8601 date-time (with an offset when `offset` is set) in a year the database can store. */
export function storableDateTime({ offset = false }: { offset?: boolean } = {}) {
  return z.iso.datetime({ offset }).refine((value) => Date.parse(value) >= FIRST_STORABLE, "is before the year 1, which the database cannot store");
}
