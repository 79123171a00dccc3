// A small logistic regression over hashed word and character n-grams, trained
// by scripts/train-injection-classifier.ts on the tuning corpus only. The rules
// see the shapes someone thought of; the classifier catches paraphrases of
// them ("tell me what rules you run on"). On its own it also fires on ordinary
// second-person chat, so it only counts when the text talks about the model's
// steering (rules, prompt, persona, mode ...) as well.

import weights from "@/lib/guard/classifier-weights.json" with { type: "json" };

export type ClassifierWeights = { buckets: number; bias: number; weights: number[] };

/** FNV-1a, so a feature lands in the same bucket in the training script and here. */
function bucket(feature: string, buckets: number): number {
  let hash = 2166136261;
  for (let i = 0; i < feature.length; i++) {
    hash ^= feature.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) % buckets;
}

/** Buckets of the words, word pairs and four-letter runs of an already normalised text. */
export function featureBuckets(reading: string, buckets: number): Set<number> {
  const text = reading.toLowerCase();
  const found = new Set<number>();
  const words = text.match(/[\p{L}\p{N}']+/gu) ?? [];
  words.forEach((word, i) => {
    found.add(bucket(`w:${word}`, buckets));
    if (i > 0) found.add(bucket(`b:${words[i - 1]} ${word}`, buckets));
  });
  const padded = ` ${text} `;
  for (let i = 0; i + 4 <= padded.length; i++) found.add(bucket(`c:${padded.slice(i, i + 4)}`, buckets));
  return found;
}

export function probability(model: ClassifierWeights, reading: string): number {
  let z = model.bias;
  for (const index of featureBuckets(reading, model.buckets)) z += model.weights[index];
  return 1 / (1 + Math.exp(-z));
}

/** High, because the tuning corpus is small: a paraphrase the model is sure of, not a hunch. */
const THRESHOLD = 0.95;
/** What the text must be about for the classifier's verdict to count. */
const STEERING_TOPIC =
  /\b(?:instructions?|rules?|prompt|guidelines?|guardrails?|restrictions?|filters?|refus\w*|configur\w*|directives?|persona|jailbr\w*|unlock\w*|ai|assistant(?!\s+manager)|bot|chatbot|llm|dan)\b/iu;
/** The classifier learned from English lines; in other languages the rules decide alone. */
const ENGLISH = /\b(?:the|you|your|and|to|is|are|of|me|what|this|an?|as|that|with|it|be|in|on|for|my|i|was|no)\b/i;

/** True when the text reads as an injection to the classifier and is about the model's steering. */
export function classifierFlags(reading: string): boolean {
  return ENGLISH.test(reading) && STEERING_TOPIC.test(reading) && probability(weights, reading) >= THRESHOLD;
}
