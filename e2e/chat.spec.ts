import { expect, test } from "@playwright/test";

test("a streamed reply arrives and survives a reload", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByTestId("model-label")).toContainText("Offline model");
  await page.getByRole("button", { name: "New thread" }).click();
  await expect(page).toHaveURL(/\/threads\//);

  const composer = page.getByLabel("Message");
  await composer.fill("Our budget for the second location is under $2,500 a month in Houma.");
  await composer.press("Enter");

  await expect(page.getByTestId("user-message")).toContainText("$2,500");
  const reply = page.getByTestId("assistant-message").last();
  // Streaming: the reply is visible before it is complete, then grows.
  await expect(reply).toBeVisible();
  const early = (await reply.textContent()) ?? "";
  await expect(reply).toContainText("2,500", { timeout: 15_000 });
  const done = (await reply.textContent()) ?? "";
  expect(done.length).toBeGreaterThan(early.length);

  await page.reload();
  await expect(page.getByTestId("user-message")).toContainText("$2,500");
  await expect(page.getByTestId("assistant-message").last()).toHaveText(done);
  await page.screenshot({ path: testInfo.outputPath("chat-after-reload.png"), fullPage: true });
});
