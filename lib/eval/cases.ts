// What the runner asks about: a conversation to load as one thread, and the
// questions (probes) to ask at its end. Case files (generated or a user's own)
// and LoCoMo samples both become cases, so every arm runs through one path.

import type { PlantedCase } from "@/lib/eval/case-file";
import { toEvalConversation, type LocomoSample } from "@/lib/eval/locomo";
import type { Regime } from "@/lib/eval/regimes";
import { scoreAnswer, tokenF1 } from "@/lib/eval/score";

export type Probe = {
  /** Pairs results across arms. */
  id: string;
  regime: Regime;
  /** Where the evidence sits (a planted case's group, a LoCoMo category); results are broken down by it. */
  group: string;
  question: string;
  /** The value a right answer states; for a trap, the value it must not state. */
  expected: string;
  accept: string[];
  /** Values that make an answer wrong even when it also states an accepted one. */
  reject: string[];
  /** LoCoMo's adversarial items: the right answer is that it never came up. */
  trap: boolean;
  /** Free-text gold answers (LoCoMo) are also scored by token F1. */
  freeText: boolean;
  /** Whether a filed fact is the record of this probe's evidence. */
  isEvidenceFact: (fact: { text: string; messageIndex: number }) => boolean;
  details: Record<string, string | number | boolean>;
};

export type EvalCase = {
  id: string;
  workspaceName: string;
  title: string;
  messages: Array<{ speaker: "owner" | "agent"; text: string; at: string }>;
  probes: Probe[];
};

export function isCorrect(probe: Pick<Probe, "accept" | "reject" | "trap">, answer: string): boolean {
  if (probe.trap) return !scoreAnswer(answer, probe);
  return scoreAnswer(answer, probe) && !scoreAnswer(answer, { accept: probe.reject });
}

/** Token F1 against the gold answer, for free-text probes; null for planted values, which are matched exactly. */
export function answerF1(probe: Pick<Probe, "expected" | "freeText" | "trap">, answer: string): number | null {
  return probe.freeText && !probe.trap ? tokenF1(answer, probe.expected) : null;
}

/** A user's own cases run in a workspace with a neutral name; generated ones say whose business it is. */
const DEFAULT_WORKSPACE = "Evaluation";

/**
 * A case from a case file. Its regime is where the last message stating an
 * accepted value sits: "inside" when the question turn's window (which
 * spends one slot on the question) still shows it.
 */
export function fileCase(
  c: PlantedCase,
  window: number,
  extra: { workspaceName?: string; details?: Probe["details"] } = {},
): EvalCase {
  const stating = c.messages.flatMap((m, i) => (scoreAnswer(m.text, c) ? [i] : []));
  const last = stating.at(-1);
  const regime: Regime = last !== undefined && last >= c.messages.length - (window - 1) ? "inside" : "outside";
  const group = c.group ?? "all";
  return {
    id: c.id,
    workspaceName: extra.workspaceName ?? DEFAULT_WORKSPACE,
    title: c.id,
    messages: c.messages,
    probes: [
      {
        id: c.id,
        regime,
        group,
        question: c.question,
        expected: c.accept[0],
        accept: c.accept,
        reject: c.reject ?? [],
        trap: false,
        freeText: false,
        // A fact stating an accepted value, filed from anywhere, is the record of the evidence.
        isEvidenceFact: (filed) => scoreAnswer(filed.text, c),
        details: { group, statedAt: last ?? -1, ...extra.details },
      },
    ],
  };
}

/**
 * One LoCoMo sample as a case; each QA item is asked at the end of the
 * conversation. Its regime is "outside" when all its evidence is older than
 * what the question turn's window shows.
 */
export function locomoCase(sample: LocomoSample, window: number): EvalCase {
  // The question itself takes one slot of the turn's window.
  const conversation = toEvalConversation(sample, { window: window - 1 });
  return {
    id: conversation.id,
    workspaceName: `${sample.speakerA}'s workspace`,
    title: `LoCoMo ${conversation.id}`,
    messages: conversation.messages.map(({ speaker, text, at }) => ({ speaker, text, at })),
    probes: conversation.questions.map((q, i) => ({
      id: `${conversation.id}#${i + 1}`,
      regime: q.evidenceOutsideWindow ? "outside" : "inside",
      group: q.adversarial ? "adversarial" : `category ${q.category}`,
      question: q.question,
      expected: q.answer,
      accept: [q.answer],
      reject: [],
      trap: q.adversarial,
      freeText: true,
      isEvidenceFact: (filed) => q.evidenceIndexes.includes(filed.messageIndex),
      details: {
        sample: conversation.id,
        category: q.category,
        adversarial: q.adversarial,
        evidenceOutsideWindow: q.evidenceOutsideWindow,
        evidence: q.evidenceIndexes.map((i) => conversation.messages[i].diaId).join(", "),
      },
    })),
  };
}
