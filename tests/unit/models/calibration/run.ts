import { decideChat, READ_PAGE, SEARCH_HISTORY } from "@/lib/models/offline/chat";
import type { ChatView } from "@/lib/models/offline/prompt-reader";
import type { CalibrationCase, CalibrationTrade } from "@/tests/unit/models/calibration/cases";

// Plays each case's first decision through the offline model and says
// whether it did what a careful model would.

const TOOLS = new Set([READ_PAGE, SEARCH_HISTORY]);

export type Outcome = { trade: string; question: string; wanted: string; did: string; right: boolean };

function viewOf(trade: CalibrationTrade, c: CalibrationCase): ChatView {
  return {
    question: c.question,
    recalled: (c.recalled ?? []).map((f) => ({ ...f, confirmed: true, source: "owner", day: "2027-03-02" })),
    buffer: trade.lines.map((l, i) => ({ day: `2027-03-${String(2 + i * 3).padStart(2, "0")}`, gist: l.gist, pages: [l.page] })),
    window: [],
    rounds: [],
    customer: false,
  };
}

export function play(trades: readonly CalibrationTrade[]): Outcome[] {
  return trades.flatMap((trade) =>
    trade.cases.map((c): Outcome => {
      const decision = decideChat(viewOf(trade, c), TOOLS);
      const did =
        decision.type === "text" ? `answer: ${decision.text}` : decision.toolName === READ_PAGE ? `open ${String(decision.input.title)}` : "search";
      const { expect: e } = c;
      const right =
        "open" in e
          ? did === `open ${e.open}`
          : "answer" in e
            ? decision.type === "text" && decision.text.includes(e.answer)
            : decision.type === "tool-call" && decision.toolName === SEARCH_HISTORY;
      const wanted = "open" in e ? `open ${e.open}` : "answer" in e ? `answer ${e.answer}` : "search";
      return { trade: trade.trade, question: c.question, wanted, did, right };
    }),
  );
}

export function report(name: string, outcomes: readonly Outcome[]): string {
  const right = outcomes.filter((o) => o.right).length;
  const lines = outcomes.map((o) => `${o.right ? "✓" : "✗"} [${o.trade}] ${o.question} — wanted ${o.wanted}; did ${o.did.slice(0, 120)}`);
  return [`${name}: ${right}/${outcomes.length}`, ...lines].join("\n");
}
