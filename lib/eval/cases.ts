// What the runner asks about: a conversation to load as one thread, and the
// questions (probes) to ask at its end. Planted threads and LoCoMo samples
// both become cases, so every arm runs through one code path.

import type { PlantedThread, Regime } from "@/lib/eval/generator";
import { toEvalConversation, type LocomoSample } from "@/lib/eval/locomo";
import { scoreAnswer } from "@/lib/eval/score";

export type Probe = {
  /** Pairs results across arms (and, for planted threads, across regimes). */
  id: string;
  regime: Regime;
  question: string;
  /** The value a right answer states; for a trap, the value it must not state. */
  expected: string;
  accept: string[];
  /** LoCoMo's adversarial items: the right answer is that it never came up. */
  trap: boolean;
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

export function isCorrect(probe: Pick<Probe, "accept" | "trap">, answer: string): boolean {
  const states = scoreAnswer(answer, probe);
  return probe.trap ? !states : states;
}

/** The planted-fact corpus is a bakery-café owner's threads. */
const PLANTED_BUSINESS = "Bayou Bakes";

export function plantedCase(thread: PlantedThread): EvalCase {
  const { fact } = thread;
  return {
    id: `${thread.id}/${thread.regime}`,
    workspaceName: PLANTED_BUSINESS,
    title: thread.topic,
    messages: thread.messages,
    probes: [
      {
        id: thread.id,
        regime: thread.regime,
        question: thread.question,
        expected: fact.value,
        accept: fact.accept,
        trap: false,
        // The statement is the only message holding the value, so any fact stating it was filed from there.
        isEvidenceFact: (filed) => scoreAnswer(filed.text, fact),
        details: {
          topic: thread.topic,
          kind: fact.kind,
          page: fact.page,
          questionNamesTopic: thread.questionNamesTopic,
          plantedIndex: thread.plantedIndex,
        },
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
      question: q.question,
      expected: q.answer,
      accept: [q.answer],
      trap: q.adversarial,
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
