import { describe, expect, it } from "vitest";
import { contrastRatio, shadeOf, textOn } from "@/components/evaluation/grid-shade";

const COLOURS = { white: [255, 255, 255], black: [0, 0, 0] } as const;

describe("the position grid's shades", () => {
  it("darken with the share answered right, from a faint wash to full indigo", () => {
    expect(shadeOf(0)).toEqual([244, 244, 253]);
    expect(shadeOf(1)).toEqual([79, 70, 229]);
    expect(shadeOf(0.6)[0]).toBeLessThan(shadeOf(0.3)[0]);
  });

  it("carry text of at least 4.5:1 contrast at every share, the middle shades included", () => {
    const rates = Array.from({ length: 101 }, (_, i) => i / 100);
    const weakest = Math.min(...rates.map((rate) => contrastRatio(COLOURS[textOn(shadeOf(rate))], shadeOf(rate))));
    expect(weakest).toBeGreaterThanOrEqual(4.5);
    expect(textOn(shadeOf(0))).toBe("black");
    expect(textOn(shadeOf(1))).toBe("white");
  });

  it("measure contrast as WCAG 2 does: black on white is 21:1", () => {
    expect(contrastRatio(COLOURS.black, COLOURS.white)).toBeCloseTo(21);
  });
});
