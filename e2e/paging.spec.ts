import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ownerHeaders, startAppServer, type AppServer } from "@/e2e/support/app-server";
import { MESSAGES_PER_EPISODE, type SeededWorkspace, type WorkspaceSize } from "@/scripts/seed-world";

// A server on a database written beforehand by the seeder: a small
// workspace and one ten to a hundred times bigger (a 100,000-message thread,
// 1,000 threads, 1,000 pages of facts, 1,000 episodes). Every page's HTML is
// measured in both, side by side: none may grow with the data, and the chat
// of the long thread stays under 100 KB. Then each list loads more on demand.

/** Forty facts to a page (seed-paging.ts): 100 and 1,000 pages. */
const SIZES: Record<"small" | "big", WorkspaceSize> = {
  // Past every list's first page, so both show full pages: only the totals differ.
  small: { messages: 1_000, threads: 100, facts: 4_000, episodes: 100 },
  big: { messages: 100_000, threads: 1_000, facts: 40_000, episodes: 1_000 },
};

let app: AppServer;
let dataDir: string;
let seeded: Record<"small" | "big", SeededWorkspace>;
/** A signed-in session of the owner of both workspaces, one acting in each. */
const sessions: Partial<Record<"small" | "big", Record<string, string>>> = {};

test.beforeAll(async () => {
  test.setTimeout(480_000);
  dataDir = await mkdtemp(path.join(tmpdir(), "episodic-paging-"));
  const pglite = path.join(dataDir, "pglite");
  const out = execFileSync("npx", ["tsx", "e2e/support/seed-paging.ts", pglite, JSON.stringify(SIZES)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  seeded = JSON.parse(out.trim().split("\n").at(-1)!) as typeof seeded;
  app = await startAppServer({ PGLITE_DATA_DIR: pglite });
  for (const which of ["small", "big"] as const) {
    const headers = await ownerHeaders(app.url);
    const switched = await fetch(`${app.url}/api/workspaces/active`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ workspaceId: seeded[which].workspaceId }),
    });
    expect(switched.status).toBe(200);
    sessions[which] = headers;
  }
});
test.afterAll(async () => {
  await app?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Acts in one of the seeded workspaces, as its owner's browser would: with that session's cookies. */
async function actIn(page: Page, which: "small" | "big") {
  const cookies = sessions[which]!.cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: app.url };
  });
  await page.context().addCookies(cookies);
}

async function htmlBytes(which: "small" | "big", address: string): Promise<number> {
  const response = await fetch(`${app.url}${address}`, { headers: sessions[which], redirect: "manual" });
  expect(response.status).toBe(200);
  return Buffer.byteLength(await response.text());
}

test("no page's HTML grows with the threads, messages, pages, facts or episodes behind it", async () => {
  test.setTimeout(240_000);
  const screens: [name: string, address: (w: SeededWorkspace) => string][] = [
    ["chat of the long thread", (w) => `/threads/${w.longThreadId}`],
    ["a link deep into it", (w) => `/threads/${w.longThreadId}?seq=500`],
    ["episode timeline", (w) => `/threads/${w.longThreadId}/episodes`],
    ["pages list", () => "/pages"],
    ["a page's facts", (w) => `/pages/${w.firstPageId}`],
  ];
  const rows: string[] = [];
  for (const [name, address] of screens) {
    const small = await htmlBytes("small", address(seeded.small));
    const big = await htmlBytes("big", address(seeded.big));
    rows.push(`${name}: ${(small / 1024).toFixed(1)} KiB small, ${(big / 1024).toFixed(1)} KiB big (×${(big / small).toFixed(3)})`);
    // The big workspace names longer seq numbers and more pages in its counts, nothing more.
    expect(big / small, name).toBeLessThan(1.1);
  }
  console.log(rows.join("\n"));
  expect(await htmlBytes("big", `/threads/${seeded.big.longThreadId}`)).toBeLessThan(100 * 1024);
});

test("scrolling up the chat loads older messages and keeps the reader's place", async ({ page }) => {
  await actIn(page, "big");
  await page.goto(`${app.url}/threads/${seeded.big.longThreadId}`);
  const messages = page.getByTestId("message");
  await expect(messages).toHaveCount(50);
  await expect(page.locator("#m-100000")).toBeInViewport();
  const list = page.getByTestId("message-list");
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(messages).toHaveCount(100);
  await expect(messages.first()).toHaveAttribute("data-seq", "99901");
  // What was at the top before the older stretch arrived is still in view.
  await expect(page.locator("#m-99951")).toBeInViewport();
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(messages).toHaveCount(150);
  // The button does the same without scrolling (a click that scrolled to it would load twice); the reader stays put.
  await page.locator("#m-99901").scrollIntoViewIfNeeded();
  await page.getByTestId("load-older-messages").dispatchEvent("click");
  await expect(messages).toHaveCount(200);
  await expect(messages.first()).toHaveAttribute("data-seq", "99801");
  await expect(page.locator("#m-99901")).toBeInViewport();
});

test("a link to a message 50,000 back opens the stretch around it, and reads on in both directions", async ({ page }) => {
  await actIn(page, "big");
  await page.goto(`${app.url}/threads/${seeded.big.longThreadId}?seq=50000#m-50000`);
  const target = page.locator("#m-50000");
  await expect(target).toHaveAttribute("data-highlighted", "true");
  await expect(target).toBeInViewport();
  await expect(page.getByTestId("older-stretch")).toContainText("#49975–#50024");
  const messages = page.getByTestId("message");
  await expect(messages).toHaveCount(50);
  const list = page.getByTestId("message-list");
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(messages).toHaveCount(100);
  await expect(messages.last()).toHaveAttribute("data-seq", "50074");
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(messages).toHaveCount(150);
  await expect(messages.first()).toHaveAttribute("data-seq", "49925");
  // Reading on, the reader is no longer pulled back to the linked message.
  await expect(page.locator("#m-49975")).toBeInViewport();
  await page.getByTestId("load-newer-messages").dispatchEvent("click");
  await expect(messages.last()).toHaveAttribute("data-seq", "50124");
});

test("the sidebar, the pages list, a page's facts and the timeline each show more on demand", async ({ page }) => {
  await actIn(page, "big");
  await page.goto(`${app.url}/threads/${seeded.big.longThreadId}/episodes`);
  const threads = page.getByTestId("thread-list").getByRole("link");
  await expect(threads).toHaveCount(20);
  await page.getByTestId("more-threads").click();
  await expect(threads).toHaveCount(40);
  await expect(threads.last()).toContainText("Thread number 00962");

  const episodes = page.getByTestId("episode");
  await expect(episodes).toHaveCount(30);
  await page.getByTestId("more-episodes").click();
  await expect(episodes).toHaveCount(60);
  await expect(episodes.last()).toHaveAttribute("data-from-seq", String(59 * MESSAGES_PER_EPISODE + 1));

  await page.goto(`${app.url}/pages`);
  const cards = page.getByTestId("page-card");
  await expect(cards).toHaveCount(24);
  await page.getByTestId("more-pages").click();
  await expect(cards).toHaveCount(48);
  await expect(cards.last()).toContainText("Page number 00953");

  await page.goto(`${app.url}/pages/${seeded.big.firstPageId}`);
  const confirmed = page.locator('[data-testid="fact"][data-status="CONFIRMED"]');
  await expect(confirmed).toHaveCount(20);
  await page.getByTestId("more-facts-confirmed").click();
  await expect(confirmed).toHaveCount(27);
  await expect(page.getByTestId("more-facts-confirmed")).toHaveCount(0);
  const pageEpisodes = page.getByTestId("page-episode");
  await expect(pageEpisodes).toHaveCount(10);
  await page.getByTestId("more-page-episodes").click();
  await expect(pageEpisodes).toHaveCount(20);
});
