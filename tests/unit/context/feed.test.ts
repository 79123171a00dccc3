import { describe, expect, it } from "vitest";
import { fedTitles, mergeFed } from "@/lib/context/feed";
import type { BufferReport } from "@/lib/contracts/buffer-report";
import type { RecalledPage } from "@/lib/pages/recall";

type Chosen = BufferReport["chosen"][number];

const line = (toSeq: number, pages: string[], text: string | null, more = 0): Chosen => ({
  episodeId: `e${toSeq}`,
  fromSeq: toSeq - 5,
  toSeq,
  reason: "recent",
  pages,
  marks: [],
  line: text === null ? null : `- 2026-10-0${toSeq % 9}: ${text} (filed in ${pages.slice(0, pages.length - more).map((p) => `pages/${p}`).join(", ")}${more ? `, +${more} more` : ""})`,
  scanReasons: [],
});

const page = (title: string, rank = 0.5): RecalledPage => ({ id: title, title, rank, facts: [] });

describe("fedTitles", () => {
  it("ranks the pages the visible lines point at by how many lines point at them, then by the newest line", () => {
    const chosen = [line(6, ["Lease"], "Rent set"), line(12, ["Hiring"], "Hired a baker"), line(18, ["Lease", "Budget"], "Lease signed")];
    expect(fedTitles(chosen)).toEqual(["Lease", "Budget", "Hiring"]);
  });

  it("feeds nothing from a line the scan dropped, nor a page the line had no room to name", () => {
    const chosen = [line(6, ["Hidden"], null), line(12, ["Shown", "Left Out"], "Two pages filed", 1)];
    expect(fedTitles(chosen)).toEqual(["Shown"]);
  });

  it("takes no words but the lines': the same lines feed the same pages", () => {
    const chosen = [line(6, ["Lease"], "Rent set")];
    expect(fedTitles.length).toBe(1);
    expect(fedTitles(chosen)).toEqual(fedTitles(structuredClone(chosen)));
  });
});

describe("mergeFed", () => {
  it("puts pages both recalled and fed first, then recall's and the feed's own in turn, within the cap", () => {
    const recalled = [page("A", 0.9), page("B", 0.8), page("C", 0.7)];
    const fed = [page("X"), page("B"), page("Y")];
    expect(mergeFed(recalled, fed, 4)).toEqual({ pages: [page("B", 0.8), page("A", 0.9), page("X"), page("C", 0.7)], fromFeed: ["X"] });
    expect(mergeFed(recalled, fed, 2).pages.map((p) => p.title)).toEqual(["B", "A"]);
  });

  it("fills the cap from the feed when recall found nothing, and adds nothing with a cap of zero", () => {
    expect(mergeFed([], [page("X"), page("Y"), page("Z")], 2)).toEqual({ pages: [page("X"), page("Y")], fromFeed: ["X", "Y"] });
    expect(mergeFed([page("A")], [page("X")], 0).pages).toEqual([]);
  });
});
