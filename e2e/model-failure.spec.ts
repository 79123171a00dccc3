import { expect, test } from "@playwright/test";
import { startAppServer, type AppServer } from "./support/app-server";
import { openNewThread } from "./support/chat";
import { startStandInModel, STAND_IN_REPLY, UPSTREAM_ERROR, type StandInModel } from "./support/stand-in-model";

// A real server-side failure: a second app server talks to an OpenAI-compatible
// stand-in that answers 500 until the test lets it recover. The user's message
// is saved before the model is called, so Retry answers that same message.
let model: StandInModel;
let app: AppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  model = await startStandInModel();
  app = await startAppServer({ OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: "stand-in-1" });
});

test.afterAll(async () => {
  await app?.stop();
  await model?.stop();
});

test("a failed model call shows the error, keeps the message, and Retry answers it", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
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

  model.recover();
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("assistant-message").last()).toHaveText(STAND_IN_REPLY);
  await expect(alert).toHaveCount(0);

  // The server kept one copy of the message and answered it once.
  await page.reload();
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await expect(page.getByTestId("assistant-message")).toHaveText([STAND_IN_REPLY]);
  await page.screenshot({ path: testInfo.outputPath("model-failure-retried.png"), fullPage: true });
});
