import { expect, test } from "@/e2e/support/fixtures";
import { openNewThread, openThread, sendMessage } from "@/e2e/support/chat";
import { attachScreenshot } from "@/e2e/support/screens";
import { SUGGESTED_PROMPTS } from "@/components/chat/suggested-prompts";

// What people expect of a chat product: first prompts to pick, copy, stop,
// regenerate, and the sidebar's threads by day with rename and delete. Each
// test has a workspace of its own.

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}) });

    test("an empty workspace offers first prompts; picking one starts a thread and sends it", async ({ page, ownWorkspace }, testInfo) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId("suggested-prompt")).toHaveCount(SUGGESTED_PROMPTS.length);
      await attachScreenshot(page, testInfo, "empty-workspace");
      await page.getByTestId("suggested-prompt").first().click();
      await expect(page).toHaveURL(/\/threads\/[^/?#]+$/);
      await expect(page.getByTestId("user-message").first()).toHaveText(SUGGESTED_PROMPTS[0]);
      await expect(page.locator('[data-testid="message"][data-seq="2"]')).toBeVisible({ timeout: 20_000 });
    });

    test("the sidebar groups threads by day, renames and deletes one in place", async ({ page, ownWorkspace }, testInfo) => {
      await openNewThread(page);
      await sendMessage(page, "A thread to rename.");
      await openNewThread(page);
      await sendMessage(page, "A thread to delete.");
      if (viewport.width < 500) await page.getByTestId("menu-button").click();
      const list = page.getByTestId("thread-list");
      await expect(list.getByTestId("thread-day").first()).toHaveText("Today");
      await expect(list.getByTestId("thread-day")).toHaveCount(1);

      const renamed = list.getByTestId("thread-entry").filter({ hasText: "A thread to rename." });
      await renamed.getByTestId("thread-actions").click();
      await renamed.getByTestId("thread-rename").click();
      await list.getByTestId("thread-rename-input").fill("Renamed from the sidebar");
      await list.getByTestId("thread-rename-save").click();
      await expect(list.getByRole("link", { name: /Renamed from the sidebar/ })).toBeVisible();

      const doomed = list.getByTestId("thread-entry").filter({ hasText: "A thread to delete." });
      await doomed.getByTestId("thread-actions").click();
      await doomed.getByTestId("thread-delete").click();
      await attachScreenshot(page, testInfo, "sidebar-delete-confirm");
      await list.getByTestId("thread-delete-confirm").click();
      // The thread on show is gone: the app moves to the latest one left.
      await expect(page.getByTestId("thread-title")).toHaveText("Renamed from the sidebar", { timeout: 20_000 });
      const threads = ((await (await ownWorkspace.request.get("/api/threads")).json()) as { threads: { title: string }[] }).threads;
      expect(threads.map((t) => t.title)).toEqual(["Renamed from the sidebar"]);
    });
  });
}

const QUARTER_NOTES =
  "Notes for the quarter: the tune-up price goes to $85 in March, the wheel truing bench from Coastline Tools cost $640, " +
  "the spring ride leaves the shop on April 12 at eight, the storage unit on Larch Road is $190 a month, the second mechanic " +
  "starts on the first Monday of April at $24 an hour, the kids' bike swap runs the last Saturday of May, the chain order is " +
  "40 boxes a month from Ridgeway Supply, the window decals cost $310, the insurance renewal is due June 30 at $1,780 a year, " +
  "the loyalty card gives every tenth tune-up free, the van lease is $415 a month through next spring, and the repair stand " +
  "in the back needs a new clamp before the busy season starts.";

test.describe("at 1440×900", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("copies a message, regenerates the latest reply and stops one mid-stream", async ({ page, context, ownWorkspace }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openNewThread(page);
    await sendMessage(page, "Our espresso beans cost $9.80 a pound.");
    const reply = page.locator('[data-testid="message"][data-seq="2"]');
    await reply.getByRole("button", { name: "Copy #2" }).click();
    await expect(reply.getByTestId("copy-message")).toHaveText("Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await reply.getByTestId("assistant-message").innerText());

    await reply.getByTestId("regenerate").click();
    await expect(page.getByTestId("send")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-testid="message"][data-seq="2"]')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("message")).toHaveCount(2);
    await expect(page.getByTestId("message-count")).toHaveText("2 messages");

    // A long answer, stopped while it streams: the reply is kept as far as it got, marked interrupted, and can be retried.
    // Long notes make one: the offline model reads them back, word by word, for seconds rather than the blink of a short reply.
    await page.getByLabel("Message").fill(QUARTER_NOTES);
    await page.getByLabel("Message").press("Enter");
    await page.getByTestId("stop").click();
    await expect(page.getByTestId("send")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("unanswered")).toBeVisible({ timeout: 20_000 });
    await attachScreenshot(page, testInfo, "stopped");
  });

  test("the demo's long thread opens from the sidebar by its title", async ({ page }) => {
    await page.goto("/");
    await openThread(page, "Second location planning");
    await expect(page.getByTestId("message-count")).toContainText("messages");
  });
});
