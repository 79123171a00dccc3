// The settings an evaluation runs with, the same in the main process and in
// every worker thread.

import type { AppConfig } from "@/lib/config";
import { chooseModels, type ModelRoles } from "@/lib/models";

/** "env": whatever the environment configures (a real model when a key or base URL is set); "offline": the offline model regardless. */
export type ModelSetting = "offline" | "env";

export function evalConfig(env: AppConfig, window: number): AppConfig {
  // The offline model's pause between words only makes a demo visibly stream.
  return { ...env, window, offlineDelayMs: 0 };
}

/** The model of each role: the offline model in every role, or what the environment configures. */
export function evalModels(config: AppConfig, setting: ModelSetting): ModelRoles {
  return chooseModels(setting === "offline" ? { ...config, openaiApiKey: undefined, openaiBaseUrl: undefined, localModel: undefined } : config);
}
