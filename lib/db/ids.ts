import { randomBytes } from "node:crypto";

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
