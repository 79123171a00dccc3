import { expect, test } from "@/e2e/support/fixtures";

// An address that names nothing answers HTTP 404 and says what is missing:
// a thread, a page, or no screen at all.

/** Shaped like the ids the database hands out, but naming nothing. */
const UNKNOWN_ID = "cunknownid0000000000000000";

const CASES = [
  { path: `/threads/${UNKNOWN_ID}`, heading: "No such thread" },
  { path: "/threads/x", heading: "No such thread" },
  { path: `/threads/${UNKNOWN_ID}/episodes`, heading: "No such thread" },
  { path: "/threads/%00/episodes", heading: "No such thread" },
  { path: `/pages/${UNKNOWN_ID}`, heading: "No such page" },
  { path: "/pages/x", heading: "No such page" },
  { path: "/nope/xyz", heading: "Nothing at this address" },
];

test("unknown ids and addresses answer 404 with the right message", async ({ page }) => {
  for (const { path, heading } of CASES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
  }
});

test("an address with no screen highlights no section and names neither threads nor pages", async ({ page }) => {
  await page.goto("/nope/xyz");
  await expect(page.getByRole("heading", { level: 1, name: "Nothing at this address" })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/thread|page does not exist/i);
  await expect(page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]')).toHaveCount(0);
});

test("a thread and a page that exist still answer 200", async ({ page, request }) => {
  const threads = (await (await request.get("/api/threads")).json()) as { threads: { id: string }[] };
  const pages = (await (await request.get("/api/pages")).json()) as { pages: { id: string; title: string }[] };
  const thread = threads.threads[0].id;
  const topic = pages.pages[0];
  for (const path of [`/threads/${thread}`, `/threads/${thread}/episodes`, `/pages/${topic.id}`]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
  }
  await expect(page.getByRole("heading", { level: 1, name: topic.title })).toBeVisible();
});
