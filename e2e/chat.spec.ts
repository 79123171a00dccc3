import { expect, test } from "@playwright/test";

test("a streamed reply arrives and survives a reload", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByTestId("model-label")).toContainText("Offline model");
  // "/" opens the latest thread: wait for the new one before typing into it.
  const before = page.url();
  await page.getByRole("button", { name: "New thread" }).click();
  await expect(page).not.toHaveURL(before);

  const composer = page.getByLabel("Message");
  await composer.fill("Our budget for the second location is under $2,500 a month in Houma.");
  await composer.press("Enter");
  await expect(page.getByTestId("user-message")).toContainText("$2,500");

  // Streaming: sample the reply while it arrives; it must be seen growing, not appear whole,
  // and it is done once it has stopped changing for a while.
  const reply = page.getByTestId("assistant-message").last();
  const lengths = new Set<number>();
  let text = "";
  let stableSince = Date.now();
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await page.waitForTimeout(15)) {
    const now = (await reply.count()) > 0 ? ((await reply.textContent()) ?? "") : "";
    if (now !== text) stableSince = Date.now();
    text = now;
    if (text) lengths.add(text.length);
    if (text && Date.now() - stableSince > 800) break;
  }
  expect(text).toContain("2,500");
  expect(lengths.size).toBeGreaterThan(2);

  await page.reload();
  await expect(page.getByTestId("user-message")).toContainText("$2,500");
  await expect(page.getByTestId("assistant-message").last()).toHaveText(text);
  await page.screenshot({ path: testInfo.outputPath("chat-after-reload.png"), fullPage: true });
});
