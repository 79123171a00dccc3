import { expect, test } from "@/e2e/support/fixtures";
import { BUFFER_GAP_LINE, BUFFER_HEADER } from "@/lib/contracts/prompt/buffer-block";
import { openNewThread, sendAndWaitForTurn } from "@/e2e/support/chat";

test("on a short thread the panel says why no buffer was injected, and shows the memory pass, tokens and timings", async ({ page, context }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openNewThread(page);
  const panel = page.getByTestId("debug-panel");
  await expect(panel).toContainText("No turns yet");

  await sendAndWaitForTurn(page, "Our budget for the second location is under $2,500 a month in Houma.");
  await expect(panel.getByTestId("buffer-status")).toHaveText("No buffer");
  await expect(panel.getByTestId("no-buffer")).toContainText("the thread fits the window (1 of 30 messages)");
  await expect(panel.getByTestId("window-bounds")).toHaveText("#1 · 1 of 30 messages");
  await expect(panel.getByTestId("memory-pass-status")).toHaveText("Filed");
  const filed = panel.getByTestId("filed-fact").first();
  await expect(filed).toContainText("Confirmed");
  await expect(filed).toContainText("$2,500");
  await expect(panel.getByTestId("episode-line")).toBeVisible();
  await expect(panel.getByTestId("timings")).toContainText("Memory pass");
  await expect(panel.getByTestId("token-stats")).toContainText("Buffer added");

  await panel.getByRole("button", { name: "Copy prompt" }).click();
  await expect(panel.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain("You are Miles");
  expect(copied).toContain("Our budget for the second location is under $2,500");

  // A second turn: the selector lists both, the latest first, and picking the older one shows its trace.
  await sendAndWaitForTurn(page, "What was our budget for the second location?");
  await expect(panel.getByTestId("window-bounds")).toHaveText("#1–#3 · 3 of 30 messages");
  const turns = page.getByLabel("Turn");
  await expect(turns.locator("option")).toHaveCount(2);
  await turns.selectOption({ index: 1 });
  await expect(panel.getByTestId("window-bounds")).toHaveText("#1 · 1 of 30 messages");
  await page.screenshot({ path: testInfo.outputPath("debug-panel-short-thread.png"), fullPage: true });
});

// Depends on the seeded demo workspace: its owner thread "Second location planning" is well past the window.
test("on the long seeded thread the panel shows the injected block, and a page in it opens that page", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByTestId("thread-list").getByRole("link", { name: /Second location planning/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Second location planning");
  await sendAndWaitForTurn(page, "Which lease did we like?");

  const panel = page.getByTestId("debug-panel");
  await expect(panel.getByTestId("buffer-status")).toHaveText("Injected");
  const block = panel.getByTestId("buffer-block");
  await expect(block).toContainText(BUFFER_HEADER);
  await expect(block).toContainText(BUFFER_GAP_LINE);
  await expect(panel.getByTestId("gap-shown")).toBeVisible();
  const reasons = panel.getByTestId("episode-reason");
  await expect(reasons.filter({ hasText: /^first$/ })).toHaveCount(1);
  expect(await reasons.filter({ hasText: /^recent$/ }).count()).toBeGreaterThan(0);
  await expect(panel.getByTestId("window-bounds")).toContainText("30 of 30 messages");
  await page.screenshot({ path: testInfo.outputPath("debug-panel-buffer.png"), fullPage: true });
  await panel.screenshot({ path: testInfo.outputPath("debug-panel-buffer-panel.png") });

  const pointer = block.getByTestId("block-page-link").first();
  const title = (await pointer.textContent())!.replace(/^pages\//, "");
  await pointer.click();
  await expect(page).toHaveURL(/\/pages\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await page.screenshot({ path: testInfo.outputPath("page-from-buffer-line.png"), fullPage: true });
});
