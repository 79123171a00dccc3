import { describe, expect, it } from "vitest";
import { duration, figure, markdownTable, milliseconds, percent, percentInterval, points, pointsInterval, pValue } from "@/lib/eval/format";

describe("evaluation number formats", () => {
  it("writes rates, intervals and differences", () => {
    expect(percent(0.625)).toBe("62.5%");
    expect(percentInterval(0.551, 0.693)).toBe("55.1–69.3%");
    expect(points(0.125)).toBe("+12.5 pp");
    expect(points(-0.03)).toBe("−3.0 pp");
    expect(points(0)).toBe("±0.0 pp");
    expect(pointsInterval(-0.03, 0.125)).toBe("[−3.0, +12.5] pp");
    expect(pointsInterval(0, 0)).toBe("[0.0, 0.0] pp");
  });

  it("writes p-values, figures and times", () => {
    expect(pValue(0.0004)).toBe("<0.001");
    expect(pValue(0.04213)).toBe("0.042");
    expect(figure(1234)).toBe("1,234");
    expect(figure(1.25)).toBe("1.3");
    expect(milliseconds(42.04)).toBe("42.0 ms");
    expect(milliseconds(1234.5)).toBe("1235 ms");
    expect(duration(12_400)).toBe("12s");
    expect(duration(245_000)).toBe("4m 05s");
  });
});

describe("markdownTable", () => {
  it("pads columns so the table reads as plain text too, and escapes pipes", () => {
    expect(markdownTable(["Arm", "Rate"], [["A", "50%"], ["C | buffer", "75.0%"]])).toBe(
      ["| Arm         | Rate  |", "| ----------- | ----- |", "| A           | 50%   |", "| C \\| buffer | 75.0% |"].join("\n"),
    );
  });
});
