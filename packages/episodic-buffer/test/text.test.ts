import { describe, expect, it } from "vitest";
import { flattenLine, isoDay } from "../src/index.ts";

describe("flattenLine", () => {
  it("makes any text one plain line", () => {
    expect(flattenLine("  one\n- two\r\n\tthree  ")).toBe("one - two three");
    expect(flattenLine("line\u2028break\u2029here")).toBe("line break here");
  });

  it("drops characters a reader cannot see", () => {
    expect(flattenLine("ig\u200Bnore\u202E it\u0007")).toBe("ignore it");
  });
});

describe("isoDay", () => {
  it("writes the UTC calendar day", () => {
    expect(isoDay(new Date("2026-10-02T23:30:00-05:00"))).toBe("2026-10-03");
  });
});
