import { expect, test } from "@/e2e/support/fixtures";
import { THREAD_FILE_FORMAT, type ThreadFile } from "@/lib/threads/transfer-schema";
import { openNewThread, sendAndWaitForTurn } from "@/e2e/support/chat";
import { importThreadFile } from "@/e2e/support/imports";

// Depends on the seeded demo workspace: its owner thread "Second location planning" has many consolidated stretches.
test("the episode timeline lists every stretch with its pages, and jumps to its messages", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByTestId("thread-list").getByRole("link", { name: /Second location planning/ }).click();
  // "/" opens the latest thread: its Episodes link must not be the one followed.
  await expect(page.getByTestId("thread-title")).toHaveText("Second location planning");
  await page.getByRole("link", { name: "Episodes" }).click();
  await expect(page).toHaveURL(/\/episodes$/);
  // The address changes as the loading state shows; the count is taken once the timeline is in.
  const episodes = page.getByTestId("episode");
  await expect(episodes.first()).toBeVisible();
  expect(await episodes.count()).toBeGreaterThan(12);
  await expect(episodes.first()).toContainText("#1–#");
  await expect(episodes.first().getByTestId("page-link").first()).toHaveAttribute("href", /^\/pages\/[a-z0-9]+$/);
  await page.screenshot({ path: testInfo.outputPath("episode-timeline.png"), fullPage: true });

  await episodes.nth(1).getByRole("link", { name: /Jump to messages/ }).click();
  await expect(page).toHaveURL(/\?seq=\d+#m-\d+$/);
  const seq = new URL(page.url()).searchParams.get("seq");
  await expect(page.locator(`#m-${seq}`)).toHaveAttribute("data-highlighted", "true");
  await expect(page.locator(`#m-${seq}`)).toBeInViewport();
});

test("a link to a message older than the loaded ones opens the stretch around it", async ({ page, request }, testInfo) => {
  const start = Date.parse("2026-09-01T09:00:00Z");
  const file: ThreadFile = {
    format: THREAD_FILE_FORMAT,
    version: 1,
    thread: { title: "Imported long thread", kind: "OWNER", createdAt: new Date(start).toISOString() },
    messages: Array.from({ length: 460 }, (_, i) => ({
      seq: i + 1,
      role: i % 2 === 0 ? ("USER" as const) : ("ASSISTANT" as const),
      speaker: i % 2 === 0 ? ("OWNER" as const) : ("AGENT" as const),
      text: `Message number ${i + 1} of the imported thread.`,
      createdAt: new Date(start + i * 60_000).toISOString(),
    })),
  };
  const thread = await importThreadFile(request, file);

  await page.goto(`/threads/${thread.id}?seq=12#m-12`);
  await expect(page.getByTestId("older-stretch")).toContainText("#1–#");
  await expect(page.locator("#m-12")).toHaveAttribute("data-highlighted", "true");
  await expect(page.locator("#m-12")).toBeInViewport();
  await expect(page.getByLabel("Message")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("older-stretch.png"), fullPage: true });

  await page.getByTestId("older-stretch").getByRole("link", { name: "Jump to the latest messages" }).click();
  await expect(page.getByTestId("older-stretch")).toHaveCount(0);
  await expect(page.locator("#m-460")).toBeVisible();
  await expect(page.getByLabel("Message")).toBeVisible();
});

test("the owner rewords an episode line, and can give it back to the memory pass", async ({ page }, testInfo) => {
  await openNewThread(page);
  await sendAndWaitForTurn(page, "We picked Bayou Print Co for the new menus; decided.");
  await page.getByRole("link", { name: "Episodes" }).click();
  const episode = page.getByTestId("episode").first();
  await expect(episode).toBeVisible();
  const written = await episode.getByTestId("episode-gist").textContent();

  await episode.getByTestId("episode-edit").click();
  await episode.getByTestId("episode-edit-text").fill("Menus: Bayou Print Co chosen by the owner.");
  await episode.getByTestId("episode-edit-save").click();
  await expect(episode.getByTestId("episode-gist")).toHaveText("Menus: Bayou Print Co chosen by the owner.");
  await expect(episode.getByTestId("episode-owner-edit")).toBeVisible();
  await expect(episode).toContainText(`The memory pass wrote: ${written}`);
  await page.screenshot({ path: testInfo.outputPath("episode-reworded.png"), fullPage: true });

  await episode.getByTestId("episode-edit-clear").click();
  await expect(episode.getByTestId("episode-gist")).toHaveText(written ?? "");
  await expect(episode.getByTestId("episode-owner-edit")).toHaveCount(0);
});
