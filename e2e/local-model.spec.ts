import { expect, test } from "@/e2e/support/fixtures";
import { startAppServer, type AppServer } from "@/e2e/support/app-server";
import { openNewThread } from "@/e2e/support/chat";
import { tinyGgufPath } from "@/tests/support/tiny-gguf";

// LOCAL_MODEL_PATH end to end: a second app server runs a GGUF model in its own
// process (llama.cpp through node-llama-cpp). The model is the tests' tiny
// random-weight one, so its words mean nothing; what is checked is that a
// reply streams into the chat and the memory pass reports its outcome (filed,
// or failed with the reason) in the debug panel.

let app: AppServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // A random-weight model's JSON answer can run to its token limit, minutes on a busy machine: one attempt with a
  // bounded time, so the pass reports filed, or failed with its reason, within the test.
  app = await startAppServer({ LOCAL_MODEL_PATH: tinyGgufPath(), LOCAL_MODEL_THREADS: "1", MEMORY_PASS_TIMEOUT_MS: "45000", MEMORY_PASS_RETRIES: "0" });
});

test.afterAll(async () => {
  await app?.stop();
});

test("a local GGUF model answers in the chat and its memory pass reports its outcome", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await openNewThread(page, app.url);
  await expect(page.getByTestId("model-label")).toContainText("tiny-chatml.gguf");

  const panel = page.getByTestId("debug-panel");
  // A finished reply: words in it, and not marked as cut off.
  const replies = page
    .getByTestId("message")
    .filter({ has: page.getByTestId("assistant-message").filter({ hasText: /\S/ }) })
    .filter({ hasNot: page.getByTestId("interrupted-reply") });
  // A random-weight model can end its reply before any word (then no reply is saved and no pass runs), or run to
  // its token limit (then the reply is kept unfinished and no pass runs): ask again.
  for (let turn = 1; turn <= 3 && (await replies.count()) === 0; turn++) {
    const text = `Turn ${turn}: our produce deliveries now come on Mondays.`;
    await page.getByLabel("Message").fill(text);
    await page.getByLabel("Message").press("Enter");
    // The first call loads the model into the server process.
    await expect(page.getByLabel("Turn").locator("option").first()).toContainText(text.slice(0, 20), { timeout: 60_000 });
    // The only failure allowed is saying the reply ran to its token limit.
    const failure = panel.getByTestId("trace-error");
    if ((await failure.count()) > 0) await expect(failure).toContainText("the reply reached its token limit");
    // The saved messages, as the server holds them.
    await page.reload();
  }
  await expect(replies.first()).toBeVisible();

  const status = panel.getByTestId("memory-pass-status");
  await expect(status).toHaveText(/^(Filed|Failed)$/, { timeout: 90_000 });
  if ((await status.textContent()) === "Failed") await expect(panel.getByTestId("memory-pass-error")).toHaveText(/\S/);
  else await expect(panel.getByTestId("debug-memory")).toContainText("Facts filed");
  await page.screenshot({ path: testInfo.outputPath("local-model.png"), fullPage: true });
});
