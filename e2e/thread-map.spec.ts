import { expect, test, type Page } from "@/e2e/support/fixtures";
import { openNewThread, openThread, sendMessage } from "@/e2e/support/chat";
import { attachScreenshot, VIEWPORTS } from "@/e2e/support/screens";

// The gap explained and memory kept straight: the thread's map in the debug
// panel on the seeded long thread, a buffer line's page link highlighting the
// facts that line points at, and a changed decision offered to the owner.

const LONG_THREAD = "Second location planning";

/**
 * On a phone the debug panel is a drawer behind the Debug button. The thread
 * is loaded again first: on a phone, opening the thread the app had already
 * landed on leaves the menu's drawer over the page.
 */
async function openPanel(page: Page) {
  await page.reload();
  const panel = page.getByTestId("debug-panel");
  const toggle = page.getByRole("button", { name: "Debug", exact: true });
  // The reloaded page shows the panel (wide screens) or its button (phones) once it has rendered, not at once.
  await expect(panel.or(toggle).first()).toBeVisible();
  if (!(await panel.isVisible())) await toggle.click();
  await expect(panel).toBeVisible();
  return panel;
}

/** "#12–#19" or "#12" → [12, 19]. */
function seqs(text: string): [number, number] {
  const [from, to = from] = [...text.matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
  return [from, to];
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the seeded long thread's map shows the first line, the gap's range, count and cap, the recent lines and the window", async ({ page }, testInfo) => {
      await openThread(page, LONG_THREAD);
      const panel = await openPanel(page);
      await expect(panel.getByTestId("buffer-preview")).toBeVisible({ timeout: 20_000 });
      const map = panel.getByTestId("thread-map");
      await expect(map).toBeVisible();

      const kinds = await map.getByTestId("map-segment").evaluateAll((spans) => spans.map((s) => s.getAttribute("data-kind")));
      expect(kinds[0]).toBe("line");
      expect(kinds.at(-1)).toBe("window");
      expect(kinds).toContain("gap");
      await expect(map.getByTestId("map-segment").first()).toHaveAttribute("data-reason", "first");

      const gap = map.locator('[data-testid="map-entry"][data-kind="gap"]');
      await expect(gap).toHaveCount(1);
      await expect(gap).toContainText(/#\d+–#\d+/);
      await expect(gap).toContainText(/\d+ lines? left out by the line cap, BUFFER_MAX_LINES = 12/);
      await expect(gap).toContainText("search_chat_history reaches it");
      const window = map.locator('[data-testid="map-entry"][data-kind="window"]');
      await expect(window).toContainText("30 messages");

      // The gap sits exactly between the first line and the oldest recent line the block shows.
      const entries = map.getByTestId("map-entry");
      const texts = await entries.allTextContents();
      const gapAt = texts.findIndex((t) => t.startsWith("Gap"));
      const [gapFrom, gapTo] = seqs(texts[gapAt]);
      expect(seqs(texts[gapAt - 1])[1]).toBe(gapFrom - 1);
      expect(seqs(texts[gapAt + 1])[0]).toBe(gapTo + 1);
      // The block the model is given says the same: a gap marker after the first line.
      await expect(panel.getByTestId("gap-shown")).toBeVisible();
      await attachScreenshot(page, testInfo, `thread-map-${viewport.name}`);
      await panel.getByTestId("debug-buffer").screenshot({ path: testInfo.outputPath(`thread-map-panel-${viewport.name}.png`) });
      await testInfo.attach(`thread-map-panel-${viewport.name}`, { path: testInfo.outputPath(`thread-map-panel-${viewport.name}.png`), contentType: "image/png" });
    });

    test("a buffer line's page link opens the page with the facts that line points at highlighted and scrolled to", async ({ page }, testInfo) => {
      await openThread(page, LONG_THREAD);
      const panel = await openPanel(page);
      await expect(panel.getByTestId("buffer-preview")).toBeVisible({ timeout: 20_000 });
      const line = panel.getByTestId("chosen-episode").filter({ has: page.getByTestId("page-link") }).first();
      const [from, to] = seqs((await line.getByRole("link", { name: /^#\d+/ }).textContent())!);
      const pageLink = line.getByTestId("page-link").first();
      const title = (await pageLink.textContent())!.replace(/^pages\//, "");
      await pageLink.click();

      await expect(page).toHaveURL(/\/pages\/[^/?]+\?line=/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      const highlighted = page.locator('[data-testid="fact"][data-highlighted="true"]');
      await expect(highlighted.first()).toBeInViewport();
      const count = await highlighted.count();
      expect(count).toBeGreaterThan(0);
      await expect(page.getByTestId("line-highlight-note")).toContainText(count === 1 ? "the fact" : `the ${count} facts`);
      // Every highlighted fact was said in the line's stretch; every fact of the page said elsewhere is not highlighted.
      for (const fact of await page.getByTestId("fact").all()) {
        const source = await fact.getByTestId("fact-source-link").textContent();
        const [seq] = seqs(source!.slice(source!.lastIndexOf("#")));
        const fromLine = source!.startsWith(LONG_THREAD) && seq >= from && seq <= to;
        expect((await fact.getAttribute("data-highlighted")) === "true", source!).toBe(fromLine);
      }
      await attachScreenshot(page, testInfo, `line-highlight-${viewport.name}`);
    });

    test("a changed decision on another key is offered to the owner, and Accept leaves only the new value", async ({ page, ownWorkspace }, testInfo) => {
      void ownWorkspace;
      await openNewThread(page);
      await sendMessage(page, "We charge $5.50 for a 12 oz latte.");
      await expect(page.getByTestId("memory-note").last()).toHaveAttribute("data-state", "filed", { timeout: 20_000 });
      await sendMessage(page, "A 12 oz latte is now $5.75 on the menu.");
      await expect(page.getByTestId("memory-note").last()).toHaveAttribute("data-state", "filed", { timeout: 20_000 });

      await page.goto("/memory");
      const offer = page.getByTestId("supersession-offer");
      await expect(offer).toHaveCount(1);
      await expect(offer).toContainText("$5.75");
      await expect(offer).toContainText("$5.50");
      // Until the owner answers, both values are confirmed.
      await expect(page.getByTestId("memory-list").locator('[data-testid="fact"][data-status="CONFIRMED"]')).toHaveCount(2);
      await attachScreenshot(page, testInfo, `supersession-offer-memory-${viewport.name}`);

      // On a laptop the owner answers on the Memory screen; on a phone, on the fact's page.
      if (viewport.name === "phone") {
        await offer.getByRole("link").first().click();
        await expect(page).toHaveURL(/\/pages\//);
        await expect(page.getByTestId("supersession-offer")).toHaveCount(1);
        await attachScreenshot(page, testInfo, `supersession-offer-page-${viewport.name}`);
      }
      await page.getByTestId("offer-accept").click();
      await expect(page.getByTestId("supersession-offer")).toHaveCount(0);

      await page.goto("/memory?status=all");
      const confirmed = page.getByTestId("memory-list").locator('[data-testid="fact"][data-status="CONFIRMED"]');
      await expect(confirmed).toHaveCount(1);
      await expect(confirmed.locator("p").first()).toHaveText("A 12 oz latte is now $5.75 on the menu.");
      const old = page.getByTestId("memory-list").locator('[data-testid="fact"][data-status="SUPERSEDED"]');
      await expect(old).toHaveCount(1);
      await expect(old.locator("p").first()).toHaveText("We charge $5.50 for a 12 oz latte.");
      await expect(old).toContainText("Replaced by: A 12 oz latte is now $5.75");
      await attachScreenshot(page, testInfo, `supersession-accepted-${viewport.name}`);
    });
  });
}
