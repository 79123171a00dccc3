// Trains the injection scan's classifier on the tuning corpus only (never a
// measured set) and writes lib/guard/classifier-weights.json. Deterministic:
// the same corpus gives the same file, which a unit test checks.
//   npx tsx scripts/train-injection-classifier.ts
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { type Classifier, type StoredClassifier, featureBuckets, judged, passages, score, sigmoid } from "@/lib/guard/classifier";
import { mulberry32, shuffled } from "@/lib/eval/random";
import { readings } from "@/lib/guard/normalise";
import { tuningLines } from "@/scripts/scan-corpora";

const BUCKETS = 1 << 17;
const EPOCHS = 12;
const LEARNING_RATE = 0.5;
const L2 = 1e-6;
const FOLDS = 5;
/**
 * The threshold is the lowest at which at most this share of the benign
 * tuning lines, each scored by a model trained without it, would be flagged:
 * the rules flag a few of their own, and the aim is at most 1% together.
 */
const BENIGN_FLAGGED = 0.004;

type Example = { text: string; attack: boolean };
type Row = { features: number[]; label: number };

/** The examples in an order fixed by the seed, so a rerun sees them in the same order. */
const inSeededOrder = <T>(items: T[], seed: number): T[] => shuffled(mulberry32(seed), items);

const rowsOf = (examples: Example[]): Row[] =>
  examples.map(({ text, attack }) => ({ features: featureBuckets(readings(text).plain[0], BUCKETS), label: attack ? 1 : 0 }));

/**
 * Stochastic gradient descent on the log loss with AdaGrad steps, each class
 * weighted so attacks and benign lines count alike however many of each there are.
 */
function fit(rows: Row[], seed: number): Omit<Classifier, "threshold"> {
  const weights = new Float64Array(BUCKETS);
  const squares = new Float64Array(BUCKETS).fill(1e-8);
  let bias = 0;
  let biasSquares = 1e-8;
  const attacks = rows.filter((r) => r.label === 1).length;
  const classWeight = [rows.length / (2 * Math.max(1, rows.length - attacks)), rows.length / (2 * Math.max(1, attacks))];
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (const { features, label } of inSeededOrder(rows, seed + epoch)) {
      const scale = 1 / Math.sqrt(Math.max(1, features.length));
      const error = (sigmoid(score({ bias, weights, buckets: BUCKETS }, features)) - label) * classWeight[label];
      for (const index of features) {
        const gradient = error * scale + L2 * weights[index];
        squares[index] += gradient * gradient;
        weights[index] -= (LEARNING_RATE * gradient) / Math.sqrt(squares[index]);
      }
      biasSquares += error * error;
      bias -= (LEARNING_RATE * error) / Math.sqrt(biasSquares);
    }
  }
  return { buckets: BUCKETS, bias, weights };
}

/** The highest score any passage of the text gets, as the scan reads long texts. */
const passageScore = (model: Omit<Classifier, "threshold">, text: string) =>
  Math.max(
    -Infinity,
    ...passages(readings(text).plain[0])
      .filter(judged)
      .map((p) => score(model, featureBuckets(p, BUCKETS))),
  );

/** Held-out scores of every example, from models trained on the other folds. */
export function crossValidatedScores(examples: Example[]): number[] {
  const order = inSeededOrder(
    examples.map((_, i) => i),
    7,
  );
  const fold = new Array<number>(examples.length);
  order.forEach((index, position) => (fold[index] = position % FOLDS));
  const rows = rowsOf(examples);
  const scores = new Array<number>(examples.length);
  for (let k = 0; k < FOLDS; k++) {
    const model = fit(
      rows.filter((_, i) => fold[i] !== k),
      k,
    );
    examples.forEach((example, i) => {
      if (fold[i] === k) scores[i] = passageScore(model, example.text);
    });
  }
  return scores;
}

export type CrossValidation = { threshold: number; attacksCaught: number; attacks: number; benignFlagged: number; benign: number };

/** The probability threshold: the lowest that keeps held-out benign lines flagged within BENIGN_FLAGGED, and what it catches. */
export function crossValidate(examples: Example[]): CrossValidation {
  const scores = crossValidatedScores(examples);
  const benign = scores.filter((_, i) => !examples[i].attack).sort((a, b) => b - a);
  const logit = Math.max(0, benign[Math.floor(benign.length * BENIGN_FLAGGED)] + 1e-6);
  const caught = (wanted: boolean) => scores.filter((s, i) => examples[i].attack === wanted && s >= logit).length;
  const attacks = examples.filter((e) => e.attack).length;
  return { threshold: round(sigmoid(logit)), attacksCaught: caught(true), attacks, benignFlagged: caught(false), benign: examples.length - attacks };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The model trained on every tuning line, as the weights file stores it: int8
 * weights under one scale keep the file small (a unit test checks the verdicts it gives).
 */
export function trainClassifier(examples: Example[], threshold: number): StoredClassifier {
  const model = fit(rowsOf(examples), 0);
  let largest = 0;
  for (const w of model.weights) largest = Math.max(largest, Math.abs(w));
  const scale = largest / 127 || 1;
  const bytes = new Uint8Array(model.buckets);
  model.weights.forEach((w, i) => (bytes[i] = Math.round(w / scale) & 0xff));
  return { buckets: model.buckets, bias: round(model.bias), scale: round(scale), threshold, weights: Buffer.from(bytes).toString("base64") };
}

export const tuningExamples = (): Example[] => tuningLines().map(({ kind, text }) => ({ text, attack: kind === "attack" }));

if (process.argv[1]?.endsWith("train-injection-classifier.ts")) {
  const examples = tuningExamples();
  const cv = crossValidate(examples);
  const model = trainClassifier(examples, cv.threshold);
  const target = path.join(import.meta.dirname, "..", "lib", "guard", "classifier-weights.json");
  await writeFile(target, `${JSON.stringify(model)}\n`);
  console.log(`wrote ${target}: ${model.buckets} buckets, threshold ${model.threshold} (five-fold cross-validation)`);
  console.log(`cross-validated, the classifier alone: attacks caught ${cv.attacksCaught}/${cv.attacks}, benign lines flagged ${cv.benignFlagged}/${cv.benign}`);
}
