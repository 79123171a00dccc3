import { describe, expect, it } from "vitest";
import { memoryPassReportSchema } from "@/lib/contracts/memory-pass-report";
import type { Fact } from "@/lib/db/generated/client";
import { filedReport, unfiledReport } from "@/lib/memory/report";
import type { Vetted } from "@/lib/memory/vet";

// The report step: what a pass did, in the shape the trace stores.

const at = new Date("2026-10-02T15:00:00Z");
const stored: Fact = {
  id: "f1",
  pageId: "p1",
  workspaceId: "w1",
  key: "lease price",
  text: "Main St lease at $2,350/mo",
  source: "OWNER",
  status: "CONFIRMED",
  heldReason: null,
  threadId: "t1",
  messageId: "m5",
  supersededById: null,
  supersededReason: null,
  releasedAt: null,
  ownerEditedAt: null,
  createdAt: at,
  updatedAt: at,
};

describe("the memory pass's report", () => {
  it("reports a pass that filed nothing with its status, range and error, as the trace schema reads it", () => {
    const report = unfiledReport("failed", { fromSeq: 5, toSeq: 6 }, 12, "the provider refused");
    expect(memoryPassReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({ status: "failed", fromSeq: 5, toSeq: 6, facts: [], episode: null, fold: null, error: "the provider refused" });
    expect("error" in unfiledReport("nothing-new", { fromSeq: 7, toSeq: 6 }, 1)).toBe(false);
  });

  it("reports each filed fact with the message it cites, what it superseded and the line's pointers", () => {
    const vetted: Vetted = {
      facts: [{ workspaceId: "w1", pageTitle: "Second Location", key: "lease price", text: stored.text, source: "OWNER", threadId: "t1", messageId: "m5", messageSeq: 5, replaces: "f0" }],
      dropped: [{ what: "fact", text: "x", reason: "cites #99, not a trusted message of this stretch" }],
      closes: null,
      fold: null,
      episode: null,
    };
    const episode = { id: "e1", fromSeq: 5, gist: "The owner picked Main St.", closed: true, pointers: [{ factId: "f1", page: "Second Location" }] };
    const report = filedReport(
      { fromSeq: 5, toSeq: 6 },
      vetted,
      { filed: [{ fact: stored, pageTitle: "Second Location", superseded: ["f0"], refused: null }], fold: null, episode },
      { usage: { input: 10, output: 5 }, fit: null },
      30,
    );
    expect(memoryPassReportSchema.parse(report)).toEqual(report);
    expect(report.facts).toEqual([
      { id: "f1", page: "Second Location", key: "lease price", text: stored.text, status: "CONFIRMED", source: "OWNER", messageSeq: 5, superseded: ["f0"], replacementRefused: null },
    ]);
    expect(report).toMatchObject({ status: "filed", dropped: vetted.dropped, episode, tokens: { input: 10, output: 5 } });
    expect("fit" in report).toBe(false);
  });
});
