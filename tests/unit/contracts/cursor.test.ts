import { describe, expect, it } from "vitest";
import { afterKeyset, cursorSchema, encodeCursor, keysetPage } from "@/lib/contracts/cursor";

const key = { at: new Date("2026-10-02T14:00:00.000Z"), id: "cabcdefghijklmnopqrstuvwx" };

describe("a list cursor", () => {
  it("round-trips the sort key of the last row shown", () => {
    expect(cursorSchema.parse(encodeCursor(key))).toEqual(key);
  });

  it("refuses anything the app did not write", () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const bad of ["", "x", "%00", forged(["2026-10-02T14:00:00Z", "../etc"]), forged([1, 2]), forged({ at: key.at, id: key.id }), "a".repeat(300)]) {
      expect(cursorSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("asks for the rows past the key, ties broken by id, in either direction", () => {
    expect(afterKeyset("updatedAt", key, "desc")).toEqual({ OR: [{ updatedAt: { lt: key.at } }, { updatedAt: key.at, id: { lt: key.id } }] });
    expect(afterKeyset("createdAt", key, "asc")).toEqual({ OR: [{ createdAt: { gt: key.at } }, { createdAt: key.at, id: { gt: key.id } }] });
  });

  it("keeps `limit` rows and hands a cursor on only when the extra row says more follow", () => {
    const rows = [1, 2, 3].map((n) => ({ id: `c${String(n).padStart(24, "0")}`, at: new Date(Date.UTC(2026, 9, n)) }));
    const more = keysetPage(rows, 2, (r) => r);
    expect(more.items).toEqual(rows.slice(0, 2));
    expect(cursorSchema.parse(more.next)).toEqual(rows[1]);
    expect(keysetPage(rows, 3, (r) => r)).toEqual({ items: rows, next: null });
  });
});
