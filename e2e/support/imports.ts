import { expect, type APIRequestContext } from "@playwright/test";

type ImportAnswer = { import: { id: string; status: string; done: number; total: number; error: string | null; thread: { id: string; title: string; lastSeq: number } | null } };

/**
 * Uploads a thread file as the import screen does and follows its import job
 * to the end; the written thread. `timeoutMs` bounds the wait for a long one.
 */
export async function importThreadFile(request: APIRequestContext, file: unknown, timeoutMs = 60_000): Promise<{ id: string; title: string; lastSeq: number }> {
  const uploaded = await request.post("/api/threads/import", { data: file });
  expect(uploaded.status()).toBe(202);
  const { import: queued } = (await uploaded.json()) as ImportAnswer;
  let answer: ImportAnswer["import"] = queued;
  await expect
    .poll(
      async () => {
        answer = ((await (await request.get(`/api/threads/import/${queued.id}`)).json()) as ImportAnswer).import;
        return answer.status;
      },
      { timeout: timeoutMs, intervals: [250, 500, 1000] },
    )
    .toMatch(/^(DONE|FAILED)$/);
  expect(answer.error).toBeNull();
  return answer.thread!;
}
