import { expect, signIn, test } from "@/e2e/support/fixtures";
import { openNewThread, openThread, sendMessage } from "@/e2e/support/chat";
import { attachScreenshot } from "@/e2e/support/screens";

// Small things that let a demo down: where a link lands after signing in, a
// message number the thread does not have, a mistyped support address, the
// owner's view of a customer's thread, and a thread file imported twice.

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a deep link survives signing in", async ({ page }) => {
    await page.goto("/memory?status=all");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fmemory%3Fstatus%3Dall$/);
    await page.getByLabel("Email").fill("demo@example.com");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/memory\?status=all$/, { timeout: 30_000 });
    await expect(page.getByTestId("memory-status-filter")).toHaveValue("all");
  });

  test("the sign-in page sends nobody to another site", async ({ page }) => {
    await signIn(page);
    await page.goto("/sign-in?next=//evil.example/x");
    await expect(page).toHaveURL(/\/threads\//);
  });

  test("a customer on a support address no business has is offered nothing of the owner's app", async ({ page }, testInfo) => {
    const response = await page.goto("/support/no-such-business");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toContainText("No such support chat");
    await expect(page.getByRole("link")).toHaveCount(0);
    await attachScreenshot(page, testInfo, "support-not-found");
  });
});

test("a link to a message the thread does not have says so and opens the latest messages", async ({ page }) => {
  await page.goto("/");
  await openThread(page, "Holiday menu pricing");
  await page.goto(`${page.url()}?seq=999`);
  await expect(page.getByTestId("missing-message")).toContainText("no message #999");
  await expect(page.getByTestId("older-stretch")).toHaveCount(0);
  await expect(page.locator("[data-highlighted]")).toHaveCount(0);
});

test("the owner reads the seeded customer thread without a composer", async ({ page }) => {
  await page.goto("/");
  await openThread(page, "Customer questions");
  await expect(page.getByTestId("read-only")).toBeVisible();
  await expect(page.getByTestId("composer")).toHaveCount(0);
  await expect(page.getByTestId("keep-out-of-memory")).toHaveCount(0);
});

test("a thread file imported twice is flagged with a way to skip it; the export is named after the thread's title", async ({ page, ownWorkspace }, testInfo) => {
  await openNewThread(page);
  await sendMessage(page, "Our rent is $2,350 a month.");
  await page.getByTestId("rename-thread").click();
  await page.getByTestId("thread-title-input").fill("Lease notes");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("thread-title")).toHaveText("Lease notes");
  const download = page.waitForEvent("download");
  await page.getByTestId("export-thread").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Lease notes.thread.json");
  const path = testInfo.outputPath("lease-notes.thread.json");
  await file.saveAs(path);
  const threadUrl = page.url();

  await page.goto("/threads/import");
  await page.getByLabel("Thread file").setInputFiles(path);
  await page.getByRole("button", { name: "Import" }).click();
  const warning = page.getByTestId("duplicate-import");
  await expect(warning).toContainText("imported here already as “Lease notes”");
  await attachScreenshot(page, testInfo, "duplicate-import");
  await warning.getByTestId("duplicate-skip").click();
  await expect(page).toHaveURL(threadUrl);

  await page.goto("/threads/import");
  await page.getByLabel("Thread file").setInputFiles(path);
  await page.getByRole("button", { name: "Import" }).click();
  await page.getByTestId("duplicate-import-anyway").click();
  await expect(page.getByTestId("imported-thread")).toContainText("Lease notes");
});
