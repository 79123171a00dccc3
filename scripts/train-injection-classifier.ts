// Trains the injection scan's classifier on the tuning corpus only (never a
// measured set) and writes lib/guard/classifier-weights.json. Deterministic:
// the same corpus gives the same weights, which a unit test checks.
//   npx tsx scripts/train-injection-classifier.ts
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { featureBuckets, type ClassifierWeights } from "@/lib/guard/classifier";
import { readings } from "@/lib/guard/normalise";
import { tuningLines } from "@/scripts/scan-corpora";

const BUCKETS = 8192;
const EPOCHS = 40;
const LEARNING_RATE = 0.1;
const L2 = 1e-4;
/** Three decimals keep the file small and change no verdict; `|| 0` writes -0 as the 0 that JSON reads back. */
const round = (value: number) => Math.round(value * 1000) / 1000 || 0;

type Example = { text: string; attack: boolean };

/** Plain stochastic gradient descent on the log loss, in corpus order, so a rerun reproduces the file. */
export function trainClassifier(examples: Example[]): ClassifierWeights {
  const rows = examples.map(({ text, attack }) => ({ features: [...featureBuckets(readings(text).plain[0], BUCKETS)], label: attack ? 1 : 0 }));
  const weights = new Float64Array(BUCKETS);
  let bias = 0;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (const { features, label } of rows) {
      const z = features.reduce((sum, index) => sum + weights[index], bias);
      const error = 1 / (1 + Math.exp(-z)) - label;
      for (const index of features) weights[index] -= LEARNING_RATE * (error + L2 * weights[index]);
      bias -= LEARNING_RATE * error;
    }
  }
  return { buckets: BUCKETS, bias: round(bias), weights: [...weights].map(round) };
}

export const tuningExamples = (): Example[] => tuningLines().map(({ kind, text }) => ({ text, attack: kind === "attack" }));

if (process.argv[1]?.endsWith("train-injection-classifier.ts")) {
  const model = trainClassifier(tuningExamples());
  const target = path.join(import.meta.dirname, "..", "lib", "guard", "classifier-weights.json");
  await writeFile(target, `${JSON.stringify(model)}\n`);
  const examples = tuningExamples();
  const attacks = examples.filter((e) => e.attack).length;
  console.log(`wrote ${target}: ${model.buckets} buckets from ${attacks} attack and ${examples.length - attacks} benign lines`);
}
