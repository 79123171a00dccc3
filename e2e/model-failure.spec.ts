import { expect, test } from "@/e2e/support/fixtures";
import { startAppServer, type AppServer } from "@/e2e/support/app-server";
import { openNewThread } from "@/e2e/support/chat";
import { startOpenAIStandIn, type StandIn } from "@/tests/support/openai-stand-in";

const UPSTREAM_ERROR = "upstream returned 500";
const STAND_IN_REPLY = "The stand-in model is back online and heard you.";
/** The memory pass's model: another model of the same server, as a cheaper one would be. */
const MEMORY_MODEL = "stand-in-memory";

// A real server-side failure: a second app server talks to an OpenAI-compatible
// stand-in that answers 500 (to the first call and both of the AI SDK's retries)
// until the test scripts a recovery. The user's message
// is saved before the model is called, so Retry answers that same message.
let model: StandIn;
let app: AppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  model = await startOpenAIStandIn();
  model.script(...Array.from({ length: 3 }, () => ({ kind: "error" as const, status: 500, message: UPSTREAM_ERROR })));
  app = await startAppServer({ OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: "stand-in-1", MEMORY_MODEL });
});

test.afterAll(async () => {
  await app?.stop();
  await model?.close();
});

test("a failed model call shows the error, keeps the message, and Retry answers it", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // The second server has a database of its own: the demo owner signs in there too.
  await openNewThread(page, app.url);
  await expect(page.getByTestId("model-label")).toContainText("stand-in-1");

  const text = "Our budget for the second location is under $2,500 a month.";
  await page.getByLabel("Message").fill(text);
  await page.getByLabel("Message").press("Enter");
  // The AI SDK retries a 500 twice with backoff before the turn fails.
  const alert = page.getByTestId("chat-error");
  await expect(alert).toContainText(UPSTREAM_ERROR, { timeout: 30_000 });
  await expect(page.getByTestId("user-message")).toHaveText(text);
  await expect(page.getByTestId("trace-error")).toContainText(UPSTREAM_ERROR);
  await page.screenshot({ path: testInfo.outputPath("model-failure.png"), fullPage: true });

  // The reply, then the memory pass's structured output with nothing durable to file.
  model.script({ kind: "text", text: STAND_IN_REPLY }, { kind: "text", text: JSON.stringify({ facts: [], episode: "" }) });
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("assistant-message").last()).toHaveText(STAND_IN_REPLY);
  await expect(alert).toHaveCount(0);

  // The server kept one copy of the message and answered it once.
  await page.reload();
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await expect(page.getByTestId("assistant-message")).toHaveText([STAND_IN_REPLY]);
  // The memory pass went to the memory role's model, and the debug panel says so.
  await expect(page.getByTestId("debug-panel").getByTestId("memory-pass-model")).toContainText(MEMORY_MODEL, { timeout: 30_000 });
  expect(model.requests.filter((r) => r.path === "/v1/chat/completions").map((r) => r.body.model).at(-1)).toBe(MEMORY_MODEL);
  await page.screenshot({ path: testInfo.outputPath("model-failure-retried.png"), fullPage: true });

  // Settings names the model of each role.
  await page.goto(`${app.url}/settings`);
  await expect(page.getByTestId("settings-role-chat")).toContainText("stand-in-1");
  await expect(page.getByTestId("settings-role-memory")).toContainText(MEMORY_MODEL);
  await expect(page.getByTestId("settings-role-judge")).toContainText("stand-in-1 at");
  await expect(page.getByTestId("settings-role-judge")).toContainText("(the chat model)");
});

test.describe("a real server's limits", () => {
  // vLLM serving a 4,096-token model started without tool calling, streaming slowly.
  let limited: StandIn;
  let limitedApp: AppServer;
  const REPLY = "The lease runs five years at $2,350 a month with a ten percent cap on yearly increases, a right of first refusal and repairs split between us.";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    limited = await startOpenAIStandIn({ style: "vllm", model: "small-model", contextTokens: 4096, tools: false });
    limitedApp = await startAppServer({ OPENAI_BASE_URL: limited.baseUrl, OPENAI_MODEL: "small-model", MODEL_TIMEOUT_MS: "4000" });
  });
  test.afterAll(async () => {
    await limitedApp?.stop();
    await limited?.close();
  });

  test("a reply cut off by its time limit is kept unfinished with Retry; a model without tools still answers and says so", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await openNewThread(page, limitedApp.url);
    // The first call offers tools and is refused; the same call without them streams a word every half second, past the 4 s limit.
    limited.script({ kind: "text", text: REPLY, delayMs: 500 });
    await page.getByLabel("Message").fill("What are the lease terms?");
    await page.getByLabel("Message").press("Enter");

    const alert = page.getByTestId("chat-error");
    await expect(alert).toContainText("the reply did not finish within 4 s (MODEL_TIMEOUT_MS)", { timeout: 30_000 });
    const cut = await page.getByTestId("assistant-message").textContent();
    expect(cut?.length).toBeGreaterThan(0);
    expect(REPLY.startsWith(cut!.trim())).toBe(true);
    expect(cut!.trim().length).toBeLessThan(REPLY.length);

    // The debug panel: why it stopped, the prompt against the 4,096-token context the server reported, no tools.
    const panel = page.getByTestId("debug-panel");
    await expect(panel.getByTestId("trace-interrupted")).toContainText("the reply did not finish within 4 s");
    await expect(panel.getByTestId("budget-context")).toHaveText("4,096");
    await expect(panel.getByTestId("budget-margin")).toHaveText(" (±15%)");
    await expect(panel.getByTestId("tools-unavailable")).toContainText("the provider refused tools");
    await page.screenshot({ path: testInfo.outputPath("reply-cut-by-limit.png"), fullPage: true });

    // Saved as far as it got, marked unfinished; the header says the model runs without tools.
    await page.reload();
    await expect(page.getByTestId("interrupted-reply")).toBeVisible();
    await expect(page.getByTestId("tools-unavailable-badge")).toBeVisible();
    const notice = page.getByTestId("unanswered");
    limited.script({ kind: "text", text: "Five years at $2,350 a month." }, { kind: "text", text: JSON.stringify({ facts: [], episode: "", stretch: "continues", fold: null }) });
    await notice.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByTestId("assistant-message").last()).toHaveText("Five years at $2,350 a month.", { timeout: 30_000 });
    await page.reload();
    await expect(page.getByTestId("interrupted-reply")).toHaveCount(0);
    await expect(page.getByTestId("assistant-message")).toHaveText(["Five years at $2,350 a month."]);

    await page.goto(`${limitedApp.url}/settings`);
    await expect(page.getByTestId("settings-tools")).toContainText("unavailable");
    await expect(page.getByTestId("settings-context")).toContainText("4,096 tokens (the server's max_model_len for small-model (vLLM))");
  });
});
