// A logistic regression over hashed words, word pairs, skip pairs and character
// runs, trained by scripts/train-injection-classifier.ts on the tuning corpus
// only. The rules see the shapes someone thought of; the classifier catches
// the paraphrases and the languages they miss ("tell me what rules you run
// on", "Rolünü unut"). Character runs carry it across scripts and spellings
// without a tokeniser per language. A stored text can be a whole email with
// one injected line, so a long text is judged sentence by sentence as well as
// whole: one sentence the model is sure of is enough.

import model from "@/lib/guard/classifier-weights.json" with { type: "json" };

/** The trained model as the weights file stores it: int8 weights in base64, one scale for all. */
export type StoredClassifier = { buckets: number; bias: number; scale: number; threshold: number; weights: string };
export type Classifier = { buckets: number; bias: number; weights: Float64Array; threshold: number };

/** FNV-1a, so a feature lands in the same bucket in the training script and here. */
function bucket(feature: string, buckets: number): number {
  let hash = 2166136261;
  for (let i = 0; i < feature.length; i++) {
    hash ^= feature.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) % buckets;
}

/** Character runs this long: three for scripts without spaces, five for word stems across inflections. */
const CHAR_RUNS = [3, 4, 5];

/** Buckets of the words, word pairs, pairs one word apart and character runs of an already normalised text. */
export function featureBuckets(reading: string, buckets: number): number[] {
  const text = reading.toLowerCase().replace(/\s+/g, " ").trim();
  const found = new Set<number>();
  const words = text.match(/[\p{L}\p{M}\p{N}']+/gu) ?? [];
  words.forEach((word, i) => {
    found.add(bucket(`w:${word}`, buckets));
    if (i > 0) found.add(bucket(`b:${words[i - 1]} ${word}`, buckets));
    if (i > 1) found.add(bucket(`s:${words[i - 2]} _ ${word}`, buckets));
  });
  const padded = ` ${text} `;
  for (const n of CHAR_RUNS) {
    for (let i = 0; i + n <= padded.length; i++) found.add(bucket(`c${n}:${padded.slice(i, i + n)}`, buckets));
  }
  return [...found];
}

/** Every feature counts 1/√n, so a long text is not surer than a short one just for having more words. */
export function score(classifier: Pick<Classifier, "bias" | "weights" | "buckets">, features: number[]): number {
  if (features.length === 0) return classifier.bias;
  let sum = 0;
  for (const index of features) sum += classifier.weights[index];
  return classifier.bias + sum / Math.sqrt(features.length);
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function probability(classifier: Classifier, reading: string): number {
  return sigmoid(score(classifier, featureBuckets(reading, classifier.buckets)));
}

export function loadClassifier(stored: StoredClassifier): Classifier {
  const bytes = atob(stored.weights);
  const weights = new Float64Array(stored.buckets);
  for (let i = 0; i < stored.buckets; i++) weights[i] = ((bytes.charCodeAt(i) << 24) >> 24) * stored.scale;
  return { buckets: stored.buckets, bias: stored.bias, weights, threshold: stored.threshold };
}

/** A text longer than this is also read one sentence at a time. */
const WHOLE_TEXT_CHARS = 240;
const SENTENCE = /[^.!?。！？\n]+[.!?。！？]*/gu;

/** The whole text, and for a long one each of its sentences with the one before (an instruction often spans two). */
export function passages(reading: string): string[] {
  if (reading.length <= WHOLE_TEXT_CHARS) return [reading];
  const sentences = (reading.match(SENTENCE) ?? []).map((s) => s.trim()).filter((s) => s.length > 0);
  return [reading, ...sentences.map((s, i) => (i > 0 ? `${sentences[i - 1]} ${s}` : s))];
}

const trained = loadClassifier(model as StoredClassifier);

/** True when the text, or a passage of it, reads as an injection to the classifier at its cross-validated threshold. */
export function classifierFlags(reading: string, classifier: Classifier = trained): boolean {
  return passages(reading).some((passage) => probability(classifier, passage) >= classifier.threshold);
}
