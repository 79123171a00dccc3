import type { Browser, Page } from "@playwright/test";
import { DEMO_OWNER_STATE, expect, test } from "@/e2e/support/fixtures";
import { attachScreenshot, axeViolations, collectConsoleErrors, VIEWPORTS, type AxeFinding } from "@/e2e/support/screens";
import { DEMO_TURNS } from "@/lib/workspaces/demo-story";

// Every screen, at a laptop's size and a phone's: no serious or critical
// accessibility violation (axe, WCAG 2.1 AA) and no console error, with a
// screenshot of each attached. One spec visits them all, so the suite pays
// for one pass over the app rather than one per screen.

type Screen = { name: string; signedOut?: boolean; open: (page: Page) => Promise<void>; notFound?: boolean };

async function demoIds(browser: Browser) {
  const context = await browser.newContext({ storageState: DEMO_OWNER_STATE });
  const api = context.request;
  const threads = ((await (await api.get("/api/threads")).json()) as { threads: { id: string; title: string }[] }).threads;
  const pages = ((await (await api.get("/api/pages")).json()) as { pages: { id: string }[] }).pages;
  await context.close();
  return { long: threads.find((t) => t.title === DEMO_TURNS.thread)!.id, page: pages[0].id };
}

const visit = (path: string, ready: (page: Page) => Promise<void> = async (page) => void (await expect(page.locator("h1").first()).toBeVisible())) => async (page: Page) => {
  await page.goto(path);
  await ready(page);
};

function screens(ids: { long: string; page: string }, emptyThread: string): Screen[] {
  const chatReady = async (page: Page) => {
    await expect(page.getByTestId("thread-title")).toBeVisible();
    await expect(page.getByTestId("message-list")).toBeVisible();
  };
  return [
    { name: "sign-in", signedOut: true, open: visit("/sign-in", async (page) => void (await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible())) },
    { name: "chat-long-thread", open: visit(`/threads/${ids.long}`, async (page) => {
      await chatReady(page);
      await expect(page.getByTestId("debug-panel").getByTestId("buffer-preview")).toBeAttached();
    }) },
    { name: "chat-empty-thread", open: visit(`/threads/${emptyThread}`, async (page) => void (await expect(page.getByTestId("suggested-prompts")).toBeVisible())) },
    { name: "memory", open: visit("/memory", async (page) => void (await expect(page.getByTestId("memory-list")).toBeVisible())) },
    { name: "memory-of-a-thread", open: visit(`/memory?thread=${ids.long}`, async (page) => void (await expect(page.getByTestId("memory-heading")).toContainText(DEMO_TURNS.thread))) },
    { name: "unanswered-questions", open: visit("/questions", async (page) => void (await expect(page.getByRole("heading", { name: "Unanswered questions" })).toBeVisible())) },
    { name: "pages", open: visit("/pages", async (page) => void (await expect(page.getByTestId("page-list")).toBeVisible())) },
    { name: "a-page", open: visit(`/pages/${ids.page}`) },
    { name: "episodes", open: visit(`/threads/${ids.long}/episodes`, async (page) => void (await expect(page.getByTestId("episode-timeline")).toBeVisible())) },
    { name: "evaluation", open: visit("/evaluation", async (page) => void (await expect(page.getByTestId("accuracy-chart")).toBeVisible())) },
    { name: "design", open: visit("/design", async (page) => void (await expect(page.getByTestId("design-doc")).toBeVisible())) },
    { name: "settings", open: visit("/settings") },
    { name: "import", open: visit("/threads/import") },
    { name: "new-workspace", open: visit("/workspaces/new") },
    { name: "not-found", notFound: true, open: visit("/no-such-screen", async (page) => void (await expect(page.getByTestId("not-found")).toBeVisible())) },
    { name: "support", signedOut: true, open: visit("/support/demo", async (page) => void (await expect(page.getByTestId("support-business")).toBeVisible())) },
    { name: "support-not-found", signedOut: true, notFound: true, open: visit("/support/no-such-business", async (page) => void (await expect(page.getByTestId("not-found")).toBeVisible())) },
  ];
}

for (const viewport of VIEWPORTS) {
  test(`every screen at ${viewport.width}×${viewport.height} has no serious accessibility violation and no console error`, async ({ browser, request }, testInfo) => {
    test.setTimeout(240_000);
    const ids = await demoIds(browser);
    const { thread } = (await (await request.post("/api/threads", { data: { title: "An empty thread" } })).json()) as { thread: { id: string } };
    const found: { screen: string; axe: AxeFinding[]; console: string[] }[] = [];
    for (const screen of screens(ids, thread.id)) {
      const context = await browser.newContext({ viewport, storageState: screen.signedOut ? { cookies: [], origins: [] } : DEMO_OWNER_STATE, ...(viewport.name === "phone" ? { isMobile: true, hasTouch: true } : {}) });
      const page = await context.newPage();
      const errors = collectConsoleErrors(page);
      await screen.open(page);
      // A 404's own document is the one failed load a not-found screen is meant to have.
      const consoleErrors = errors.filter((e) => !(screen.notFound && e.startsWith("Failed to load resource: the server responded with a status of 404") && e.includes(page.url())));
      found.push({ screen: screen.name, axe: await axeViolations(page), console: consoleErrors });
      await attachScreenshot(page, testInfo, `${viewport.name}-${screen.name}`);
      await context.close();
    }
    await request.delete(`/api/threads/${thread.id}`);
    const failing = found.filter((f) => f.axe.length > 0 || f.console.length > 0);
    console.log(`${viewport.name}: ${found.length} screens checked, ${failing.length} with findings`);
    expect(failing, JSON.stringify(failing, null, 2)).toEqual([]);
  });
}
