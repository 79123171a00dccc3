import { expect, test } from "@/e2e/support/fixtures";
import { openNewThread } from "@/e2e/support/chat";

test("a streamed reply arrives and survives a reload", async ({ page }, testInfo) => {
  await openNewThread(page);
  await expect(page.getByTestId("model-label")).toContainText("Offline model");

  // Streaming: record, in the page, every length the reply passes through as it renders
  // (only once this new thread shows its one message, so no older thread's reply counts).
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { replyLengths: number[] }).replyLengths = seen;
    new MutationObserver(() => {
      if (document.querySelectorAll('[data-testid="user-message"]').length !== 1) return;
      const replies = document.querySelectorAll('[data-testid="assistant-message"]');
      const length = replies[replies.length - 1]?.textContent?.length ?? 0;
      if (length > 0 && length !== seen[seen.length - 1]) seen.push(length);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const composer = page.getByLabel("Message");
  await composer.fill("Our budget for the second location is under $2,500 a month in Houma.");
  await composer.press("Enter");
  await expect(page.getByTestId("user-message")).toContainText("$2,500");
  const reply = page.getByTestId("assistant-message").last();
  await expect(reply).toContainText("Anything you'd like me to work out from that?", { timeout: 20_000 });
  const text = (await reply.textContent()) ?? "";
  expect(text).toContain("$2,500");
  const lengths = await page.evaluate(() => (window as unknown as { replyLengths: number[] }).replyLengths);
  expect(lengths.length).toBeGreaterThan(2);
  expect(lengths.at(-1)).toBe(text.length);

  await page.reload();
  await expect(page.getByTestId("user-message")).toContainText("$2,500");
  await expect(page.getByTestId("assistant-message").last()).toHaveText(text);
  await page.screenshot({ path: testInfo.outputPath("chat-after-reload.png"), fullPage: true });
});
