import { expect, test } from "@/e2e/support/fixtures";
import { openNewThread, sendAndWaitForTurn } from "@/e2e/support/chat";

// A spec to copy: open a thread, talk to the agent, read the debug panel.
// Every locator is a test id or a role with its name (see e2e/README.md), so
// wording and styling changes do not break it.

test("a new thread answers a message and the debug panel shows how the turn was built", async ({ page }, testInfo) => {
  await openNewThread(page);

  await page.getByTestId("composer").fill("Our espresso beans cost $9.80 a pound.");
  await page.getByTestId("send").click();
  await expect(page.locator('[data-testid="message"][data-seq="2"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("assistant-message").last()).not.toBeEmpty();

  const panel = page.getByTestId("debug-panel");
  await expect(panel.getByTestId("memory-pass-status")).toHaveText("Filed", { timeout: 15_000 });
  await expect(panel.getByTestId("buffer-status")).toHaveText("No buffer");
  await expect(panel.getByTestId("context-bar")).toBeVisible();

  // sendAndWaitForTurn does the same as the lines above and waits for the memory pass.
  await sendAndWaitForTurn(page, "What do our beans cost?");
  await expect(panel.getByTestId("turn-select").locator("option")).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath("sample.png"), fullPage: true });
});
