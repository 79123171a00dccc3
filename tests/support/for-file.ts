import { afterAll, beforeAll } from "vitest";
import { startOpenAIStandIn, type StandIn, type StandInOptions } from "@/tests/support/openai-stand-in";

/**
 * Something a test file opens once, before its tests, and closes after them
 * (its database, a stand-in server). The object returned reads through to it,
 * inside a test or a hook, as if it were the thing itself.
 */
export function forFile<T extends { close: () => Promise<void> }>(open: () => Promise<T>): T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!opened) throw new Error(`${String(key)} is read before beforeAll opened it: read it inside a test or a hook`);
      const value: unknown = Reflect.get(opened, key);
      return typeof value === "function" ? value.bind(opened) : value;
    },
  });
}

/** Starts stand-ins as a test file's tests ask for them, and closes every one after the file. */
export function standInsForFile(): (options?: StandInOptions) => Promise<StandIn> {
  const started: StandIn[] = [];
  afterAll(async () => {
    for (const standIn of started) await standIn.close();
  });
  return async (options) => {
    const standIn = await startOpenAIStandIn(options);
    started.push(standIn);
    return standIn;
  };
}
