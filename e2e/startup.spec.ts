import { expect, signIn, test } from "@/e2e/support/fixtures";
import { spawnAppServer } from "@/e2e/support/app-server";
import { collectConsoleErrors } from "@/e2e/support/screens";
import { startupStatusSchema } from "@/lib/db/startup-status";

// A first run migrates the database and seeds the demo workspace before the
// first page can render; the loading screen says which step it is on. The
// first address leads to the sign-in page, which waits for the seed. No
// screen on the way (the loading screen, the sign-in page, the first thread)
// logs a console error.

test("on a first run the loading screen says what the server is doing, then the app opens", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const app = await spawnAppServer({});
  const consoleErrors = collectConsoleErrors(page);
  try {
    await expect
      .poll(() => page.request.get(`${app.url}/api/startup`).then((r) => r.ok(), () => false), { timeout: 60_000 })
      .toBe(true);
    await page.goto(`${app.url}/`, { waitUntil: "commit" });
    const detail = page.getByTestId("startup-detail");
    await expect(detail).toHaveAttribute("data-phase", /^(opening|migrating|seeding|consolidating|replaying)$/, { timeout: 30_000 });
    await expect(detail).not.toHaveText("Loading…");
    await page.screenshot({ path: testInfo.outputPath("first-run-progress.png") });
    await expect(page.getByLabel("Email")).toBeVisible({ timeout: 120_000 });
    await signIn(page, undefined, app.url);
    await expect(page.getByTestId("thread-title")).toBeVisible({ timeout: 120_000 });
    const status = startupStatusSchema.parse(await (await page.request.get(`${app.url}/api/startup`)).json());
    expect(status.phase).toBe("ready");
    expect(consoleErrors).toEqual([]);
  } finally {
    await app.stop();
  }
});
