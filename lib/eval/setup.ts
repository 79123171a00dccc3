// The settings an evaluation runs with, the same in the main process and in
// every worker thread.

import type { AppConfig } from "@/lib/config";
import { chooseModel, type ModelChoice } from "@/lib/models";

/** "env": whatever the environment configures (a real model when a key or base URL is set); "offline": the offline model regardless. */
export type ModelSetting = "offline" | "env";

export function evalConfig(env: AppConfig, window: number): AppConfig {
  // The offline model's pause between words only makes a demo visibly stream.
  return { ...env, window, offlineDelayMs: 0 };
}

export function evalModel(config: AppConfig, setting: ModelSetting): ModelChoice {
  return chooseModel(setting === "offline" ? { ...config, openaiApiKey: undefined, openaiBaseUrl: undefined, localModel: undefined } : config);
}
