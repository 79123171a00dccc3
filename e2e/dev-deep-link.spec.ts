import { expect, signIn, test } from "@/e2e/support/fixtures";
import { startDevServer } from "@/e2e/support/dev-server";
import type { AppServer } from "@/e2e/support/app-server";
import { DEMO_TURNS } from "@/lib/workspaces/demo-story";

// Under `npm run dev` a link to a message used to highlight it and leave it
// thousands of pixels off screen (development renders twice, styles arrive
// late); a production build scrolled correctly. This checks development.

let dev: AppServer;

test.beforeAll(async () => {
  test.setTimeout(480_000);
  dev = await startDevServer();
});
test.afterAll(async () => {
  await dev?.stop();
});

test("under next dev, a link to an old message lands on it", async ({ page }, testInfo) => {
  test.setTimeout(480_000);
  // Under next dev the sign-in page and the first thread compile on their first visit: minutes on two busy cores.
  await signIn(page, undefined, dev.url, { landingMs: 180_000 });
  const listed = await page.request.get(`${dev.url}/api/threads`);
  const { threads } = (await listed.json()) as { threads: { id: string; title: string }[] };
  const long = threads.find((t) => t.title === DEMO_TURNS.thread)!;
  await page.goto(`${dev.url}/threads/${long.id}?seq=5#m-5`, { timeout: 180_000 });
  const target = page.locator("#m-5");
  await expect(target).toHaveAttribute("data-highlighted", "true", { timeout: 120_000 });
  await expect(target).toBeInViewport({ timeout: 15_000 });
  // Still there once the page has settled (hydration, late styles).
  await page.waitForTimeout(2_000);
  await expect(target).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath("dev-deep-link.png") });
});
