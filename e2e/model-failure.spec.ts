import { expect, test } from "@/e2e/support/fixtures";
import { startAppServer, type AppServer } from "@/e2e/support/app-server";
import { openNewThread } from "@/e2e/support/chat";
import { startOpenAIStandIn, type StandIn } from "@/tests/support/openai-stand-in";

const UPSTREAM_ERROR = "upstream returned 500";
const STAND_IN_REPLY = "The stand-in model is back online and heard you.";

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
  app = await startAppServer({ OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: "stand-in-1" });
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
  await page.screenshot({ path: testInfo.outputPath("model-failure-retried.png"), fullPage: true });
});
