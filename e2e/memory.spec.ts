import { expect, test, type Page } from "@/e2e/support/fixtures";
import { openNewThread, sendMessage } from "@/e2e/support/chat";
import { attachScreenshot } from "@/e2e/support/screens";

// Memory a dogfooder can see and manage: the note under a reply the moment
// its memory pass lands, the debug panel following the pass live, the
// Memory screen (search, filters, correct, delete in place), and a thread
// kept out of memory. Each test has a workspace of its own.

/** The newest turn's trace as the API has it: when its memory pass last changed, on the server's clock. */
async function newestJob(page: Page) {
  const threadId = page.url().split("/threads/")[1];
  return page.evaluate(async (id) => {
    const { traces } = (await (await fetch(`/api/threads/${id}/traces?limit=1`)).json()) as { traces: { id: string }[] };
    const { trace } = (await (await fetch(`/api/traces/${traces[0].id}`)).json()) as { trace: { data: { memoryPassJob?: { status: string; updatedAt: string } } } };
    return trace.data.memoryPassJob;
  }, threadId);
}

test.describe("at 1440×900", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a reply says what its memory pass filed as soon as it lands, and the debug panel follows the pass live", async ({ page, ownWorkspace }, testInfo) => {
    await openNewThread(page);
    await page.getByLabel("Message").fill("Our rent is $2,350 a month and we buy butter from Larkspur Dairy.");
    await page.getByLabel("Message").press("Enter");
    const note = page.getByTestId("memory-note").last();
    await expect(note).toHaveAttribute("data-state", "filed", { timeout: 20_000 });
    const sawAt = Date.now();
    await expect(note).toContainText(/Filed \d+ facts? on /);
    const job = await newestJob(page);
    expect(job?.status).toBe("done");
    // The pass finished at job.updatedAt; the note and the panel showed it within a second or so of that, not at the next slow poll.
    const lagMs = sawAt - Date.parse(job!.updatedAt);
    console.log(`memory pass done → note shown: ${lagMs} ms`);
    expect(lagMs).toBeLessThan(2_500);
    await expect(page.getByTestId("debug-panel").getByTestId("memory-pass-status")).toHaveText("Filed");

    await note.locator("summary").click();
    const factLink = note.getByTestId("memory-note-fact").first();
    const factText = await factLink.innerText();
    await attachScreenshot(page, testInfo, "memory-note");
    await factLink.click();
    await expect(page).toHaveURL(/\/pages\/[^#]+#fact-/);
    await expect(page.locator("[data-testid=fact]:target")).toContainText(factText);
  });

  test("the Memory screen finds, narrows, corrects and deletes facts, and the list changes in place", async ({ page, ownWorkspace }, testInfo) => {
    await openNewThread(page);
    await sendMessage(page, "Our rent is $2,350 a month.");
    await expect(page.getByTestId("memory-note").last()).toHaveAttribute("data-state", "filed", { timeout: 20_000 });
    const firstThread = page.url();
    await openNewThread(page);
    await sendMessage(page, "We buy our coffee beans from Bayou Roasters at $14 a pound.");
    await expect(page.getByTestId("memory-note").last()).toHaveAttribute("data-state", "filed", { timeout: 20_000 });

    await page.goto("/memory");
    const list = page.getByTestId("memory-list");
    await expect(list.getByTestId("fact").first()).toBeVisible();
    const all = await list.getByTestId("fact").count();
    expect(all).toBeGreaterThanOrEqual(2);
    await page.getByTestId("memory-search").fill("bayou roasters");
    await page.getByTestId("memory-apply").click();
    await expect(page).toHaveURL(/q=bayou\+roasters/);
    await expect(list.getByTestId("fact")).not.toHaveCount(all);
    for (const text of await list.getByTestId("fact").allInnerTexts()) expect(text.toLowerCase()).toContain("bayou roasters");

    // "What's remembered here" narrows the screen to one thread.
    await page.goto(firstThread);
    await page.getByTestId("remembered-here").click();
    await expect(page.getByTestId("memory-heading")).toContainText("from");
    await expect(list.getByTestId("fact").first()).toContainText("2,350");

    const fact = list.getByTestId("fact").first();
    const shown = await list.getByTestId("fact").count();
    await fact.getByTestId("fact-correct").click();
    await fact.getByTestId("fact-correct-text").fill("Our rent is $2,450 a month.");
    await fact.getByTestId("fact-correct-save").click();
    await expect(list.getByTestId("fact").first()).toContainText("$2,450");
    await expect(list.getByTestId("fact").first().getByTestId("fact-owner-edit")).toBeVisible();
    // The corrected fact took the old one's place: it is superseded now, and live facts are what the list shows.
    await expect(list.getByTestId("fact")).toHaveCount(shown);
    await expect(list.locator('[data-testid="fact"][data-status="SUPERSEDED"]')).toHaveCount(0);

    const corrected = list.getByTestId("fact").first();
    const before = await list.getByTestId("fact").count();
    await corrected.getByTestId("fact-delete").click();
    await corrected.getByTestId("fact-delete-confirm").click();
    await expect(list.getByTestId("fact")).toHaveCount(before - 1);
    await attachScreenshot(page, testInfo, "memory-screen");
  });

  test("a thread kept out of memory files nothing and says so, until the switch is off again", async ({ page, ownWorkspace }, testInfo) => {
    await openNewThread(page);
    const toggle = page.getByTestId("keep-out-of-memory");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("kept-out-banner")).toBeVisible();
    await sendMessage(page, "Our rent is $2,350 a month.");
    await expect(page.getByTestId("memory-note").last()).toHaveAttribute("data-state", "kept-out", { timeout: 20_000 });
    await expect(page.getByTestId("debug-panel").getByTestId("memory-pass-status")).toHaveText("Kept out of memory");
    await expect(page.getByTestId("remembered-here")).toContainText("0 facts");
    await attachScreenshot(page, testInfo, "kept-out");
    const memory = await ownWorkspace.request.get("/api/memory");
    expect(((await memory.json()) as { facts: unknown[] }).facts).toEqual([]);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await sendMessage(page, "We buy butter from Larkspur Dairy.");
    await expect(page.getByTestId("memory-note").last()).toHaveAttribute("data-state", "filed", { timeout: 20_000 });
    const facts = ((await (await ownWorkspace.request.get("/api/memory")).json()) as { facts: { text: string }[] }).facts;
    expect(facts.map((f) => f.text).join(" ")).not.toContain("2,350");
  });
});

test.describe("at 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the note under a reply and the Memory screen fit a phone", async ({ page, ownWorkspace }, testInfo) => {
    await openNewThread(page);
    await sendMessage(page, "Our rent is $2,350 a month.");
    await expect(page.getByTestId("memory-note").last()).toHaveAttribute("data-state", "filed", { timeout: 20_000 });
    await attachScreenshot(page, testInfo, "phone-memory-note");
    await page.goto("/memory");
    await expect(page.getByTestId("memory-list").getByTestId("fact").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await attachScreenshot(page, testInfo, "phone-memory-screen");
  });
});
