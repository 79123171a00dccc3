import { expect, test, type Page } from "@/e2e/support/fixtures";
import { openNewThread, sendAndWaitForTurn } from "@/e2e/support/chat";
import { TURNS_PER_PAGE } from "@/components/debug/turn-paging";
import { DEMO_TURNS } from "@/lib/workspaces/demo-story";

// What a stakeholder sees on a fresh database, and the rough edges a demo
// used to hit. Depends on the seeded demo workspace.

async function openSeededThread(page: Page, title: string) {
  await page.goto("/");
  await page.getByTestId("thread-list").getByRole("link", { name: new RegExp(title) }).click();
  await expect(page.getByTestId("thread-title")).toHaveText(title);
}

test("the long seeded thread opens on a preview of the next turn's buffer, before anyone types", async ({ page }, testInfo) => {
  await openSeededThread(page, DEMO_TURNS.thread);
  const panel = page.getByTestId("debug-panel");
  await expect(panel.getByTestId("preview-notice")).toContainText("Nothing has been sent");
  await expect(panel.getByTestId("turn-select")).toHaveValue("preview");
  const block = panel.getByTestId("buffer-block");
  await expect(block.locator('[data-testid="buffer-line"][data-reason="first"]')).toHaveCount(1);
  expect(await block.locator('[data-testid="buffer-line"][data-reason="recent"]').count()).toBeGreaterThan(0);
  await expect(block.getByTestId("buffer-gap-line")).toHaveCount(1);
  await expect(panel.getByTestId("window-bounds")).toContainText("30 of 30 messages");
  await expect(panel.getByTestId("buffer-status")).toHaveText("Injected");
  await expect(page.getByTestId("thinking")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("preview-on-arrival.png"), fullPage: true });
  await panel.screenshot({ path: testInfo.outputPath("preview-on-arrival-panel.png") });

  // The seed asked the thread real questions: their turns show the tools the agent used and the context bar.
  const turns = panel.getByTestId("turn-select");
  const turnFor = async (question: string) => (await turns.locator("option", { hasText: question.slice(0, 30) }).getAttribute("value"))!;
  await turns.selectOption(await turnFor(DEMO_TURNS.questions[0]));
  // The agent may search before it opens the page; what matters is that it opened one.
  await expect(panel.getByTestId("tool-call").filter({ hasText: "read_page" }).first()).toBeVisible();
  await expect(panel.getByTestId("context-bar").locator('[data-part="buffer"]').first()).toBeVisible();
  await turns.selectOption(await turnFor(DEMO_TURNS.questions[1]));
  await expect(panel.getByTestId("tool-call").filter({ hasText: "search_chat_history" }).first()).toBeVisible();
  await panel.screenshot({ path: testInfo.outputPath("seeded-turn-search.png") });
});

test("the episode timeline marks the lines the buffer shows and where its gap is", async ({ page }, testInfo) => {
  await openSeededThread(page, DEMO_TURNS.thread);
  await page.getByRole("link", { name: "Episodes" }).click();
  const timeline = page.getByTestId("episode-timeline");
  await expect(timeline.locator('[data-in-buffer="first"]')).toHaveCount(1);
  expect(await timeline.locator('[data-in-buffer="recent"]').count()).toBeGreaterThan(0);
  // The gap marker sits right after the first line.
  await expect(timeline.locator('[data-in-buffer="first"] + [data-testid="timeline-gap"]')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("timeline-buffer-marks.png"), fullPage: true });
});

test("a link to an old message lands on it, from the timeline and by address", async ({ page }, testInfo) => {
  await openSeededThread(page, DEMO_TURNS.thread);
  await page.getByRole("link", { name: "Episodes" }).click();
  const early = page.getByTestId("episode").nth(2);
  const seq = await early.getAttribute("data-from-seq");
  await early.getByTestId("jump-to-messages").click();
  const target = page.locator(`#m-${seq}`);
  await expect(target).toHaveAttribute("data-highlighted", "true");
  await expect(target).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath("deep-link-from-timeline.png") });

  const url = new URL(page.url());
  await page.goto(`${url.pathname}?seq=5`);
  await expect(page.locator("#m-5")).toBeInViewport();
});

test("a new thread is named after its first message, can be renamed, and exports under that name; streamed messages carry their #seq", async ({ page, request }, testInfo) => {
  await openNewThread(page);
  await expect(page.getByTestId("thread-title")).toHaveText("New thread");
  await sendAndWaitForTurn(page, "Planning the fall pastry menu for both shops");
  await expect(page.getByTestId("thread-title")).toHaveText("Planning the fall pastry menu for both shops");
  // Without a reload, the streamed messages get their numbers once the turn is saved.
  await expect(page.getByTestId("message").getByTestId("message-seq")).toHaveText(["#1", "#2"]);

  await page.getByTestId("rename-thread").click();
  await page.getByTestId("thread-title-input").fill("  Fall menu: pastries / pies  ");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("thread-title")).toHaveText("Fall menu: pastries / pies");
  await expect(page.getByTestId("thread-list")).toContainText("Fall menu: pastries / pies");
  await page.screenshot({ path: testInfo.outputPath("renamed-thread.png") });

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export" }).click();
  expect((await download).suggestedFilename()).toBe("Fall menu- pastries - pies.thread.json");

  // An empty title is refused where it is typed and by the server.
  await page.getByTestId("rename-thread").click();
  await page.getByTestId("thread-title-input").fill("   ");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The title is empty" })).toBeVisible();
  const id = new URL(page.url()).pathname.split("/").at(-1);
  const refused = await request.patch(`/api/threads/${id}`, { data: { title: "" } });
  expect(refused.status()).toBe(422);
});

test("every turn of a thread is reachable in the debug panel's selector", async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const created = await request.post("/api/threads", { data: {} });
  const { thread } = (await created.json()) as { thread: { id: string } };
  const turns = TURNS_PER_PAGE + 2;
  for (let i = 1; i <= turns; i++) {
    const response = await request.post("/api/chat", { data: { threadId: thread.id, text: `Note number ${i} about the bakery.` } });
    expect(response.ok()).toBe(true);
    await response.body();
  }
  await page.goto(`/threads/${thread.id}`);
  const select = page.getByTestId("turn-select");
  const options = select.locator("option:not([value=preview])");
  await expect(options).toHaveCount(TURNS_PER_PAGE);
  await page.getByTestId("load-older-turns").click();
  await expect(options).toHaveCount(turns);
  await expect(page.getByTestId("load-older-turns")).toHaveCount(0);
  await expect(options.last()).toContainText("Note number 1 about");
  await select.selectOption({ index: (await select.locator("option").count()) - 1 });
  await expect(page.getByTestId("window-bounds")).toHaveText("#1 · 1 of 30 messages");
  await page.screenshot({ path: testInfo.outputPath("every-turn-in-selector.png") });
});

test("a customer's messages look unlike the owner's and say who wrote them", async ({ page }, testInfo) => {
  await openSeededThread(page, DEMO_TURNS.thread);
  const ownerColour = await page.getByTestId("user-message").first().evaluate((el) => getComputedStyle(el).backgroundColor);
  await openSeededThread(page, "Customer questions");
  const customer = page.locator('[data-testid="message"][data-speaker="customer"]').first();
  await expect(customer).toContainText("Customer");
  const customerColour = await customer.getByTestId("customer-message").evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(customerColour).not.toBe(ownerColour);
  await expect(page.getByTestId("user-message")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("customer-bubbles.png") });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the evaluation chart's labels are at least 11 px", async ({ page }, testInfo) => {
    await page.goto("/evaluation");
    const chart = page.getByTestId("accuracy-chart");
    await expect(chart).toBeVisible();
    const labels = page.getByTestId("chart-label");
    expect(await labels.count()).toBeGreaterThan(10);
    const sizes = await page.locator('[data-testid="chart-label"], [data-testid="chart-label"] span').evaluateAll((els) =>
      els.filter((el) => el.textContent?.trim() && el.children.length === 0).map((el) => ({ text: el.textContent, px: parseFloat(getComputedStyle(el).fontSize), height: el.getBoundingClientRect().height })),
    );
    for (const size of sizes) {
      expect(size.px, `"${size.text}"`).toBeGreaterThanOrEqual(11);
      expect(size.height, `"${size.text}"`).toBeGreaterThanOrEqual(11);
    }
    expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath("evaluation-phone.png"), fullPage: true });
    await page.locator("figure", { has: chart }).screenshot({ path: testInfo.outputPath("evaluation-phone-chart.png") });
  });
});
