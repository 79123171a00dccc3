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
  test.setTimeout(180_000);
  app = await startAppServer({ LOCAL_MODEL_PATH: tinyGgufPath(), LOCAL_MODEL_THREADS: "1" });
});

test.afterAll(async () => {
  await app?.stop();
});

test("a local GGUF model answers in the chat and its memory pass reports its outcome", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await openNewThread(page, app.url);
  await expect(page.getByTestId("model-label")).toContainText("tiny-llama.gguf");

  const panel = page.getByTestId("debug-panel");
  const replies = page.getByTestId("assistant-message").filter({ hasText: /\S/ });
  // A random-weight model can end its reply before any word (then no reply is saved and no pass runs): ask again.
  for (let turn = 1; turn <= 3 && (await replies.count()) === 0; turn++) {
    const text = `Turn ${turn}: our produce deliveries now come on Mondays.`;
    await page.getByLabel("Message").fill(text);
    await page.getByLabel("Message").press("Enter");
    // The first call loads the model into the server process.
    await expect(page.getByLabel("Turn").locator("option").first()).toContainText(text.slice(0, 20), { timeout: 60_000 });
    await expect(panel.getByTestId("trace-error")).toHaveCount(0);
  }
  await expect(replies.first()).toBeVisible();

  const status = panel.getByTestId("memory-pass-status");
  await expect(status).toHaveText(/^(Filed|Failed)$/, { timeout: 60_000 });
  if ((await status.textContent()) === "Failed") await expect(panel.getByTestId("memory-pass-error")).toHaveText(/\S/);
  else await expect(panel.getByTestId("debug-memory")).toContainText("Facts filed");
  await page.screenshot({ path: testInfo.outputPath("local-model.png"), fullPage: true });
});
