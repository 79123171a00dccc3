// The closing questions of planted threads live in questions.json, apart from
// the corpus, so a check can prove no offline-model rule or test quotes them:
// a model tuned to the exact questions would make the evaluation measure the
// tuning, not the context it was given.

import { z } from "zod";
import questionsJson from "@/evaluation/planted/questions.json";

const questionSetSchema = z.strictObject({
  namingTopic: z.array(z.string().min(1)).min(1),
  withoutTopic: z.array(z.string().min(1)).min(1),
});

export const questionsFileSchema = z.strictObject({
  about: z.string(),
  questions: z.record(z.string(), questionSetSchema),
});

export type QuestionSet = z.infer<typeof questionSetSchema>;

export const QUESTIONS: Readonly<Record<string, QuestionSet>> = questionsFileSchema.parse(questionsJson).questions;

export function questionsFor(topic: string): QuestionSet {
  const set = QUESTIONS[topic];
  if (!set) throw new Error(`evaluation/planted/questions.json has no questions for the topic "${topic}"`);
  return set;
}

/** Every question, for the check that nothing outside the evaluation quotes one. */
export function allQuestions(): string[] {
  return Object.values(QUESTIONS).flatMap((set) => [...set.namingTopic, ...set.withoutTopic]);
}
