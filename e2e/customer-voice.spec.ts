import { expect, test, type Page } from "@/e2e/support/fixtures";
import { openNewThread, sendMessage } from "@/e2e/support/chat";
import { attachScreenshot, axeViolations, collectConsoleErrors } from "@/e2e/support/screens";

// A customer hears the business, never the assistant's workings, and what
// nothing published answers reaches the owner's "Unanswered questions".
// Publishing a page first shows what a customer would be told and warns on
// facts that look internal. Each test has a workspace of its own.

/** Words a customer must never read: page names, tools, what was opened, days the owner said things, "remind me", "noted". */
const INTERNALS = /pages\/|read_page|search_chat_history|opened|searched|remind me|you said|noted|keep that in mind|\d{4}-\d{2}-\d{2}|\[/i;

async function openSidebar(page: Page, phone: boolean) {
  if (phone) await page.getByTestId("menu-button").click();
}

async function customerAsks(customer: Page, text: string) {
  const replies = customer.locator('[data-testid="support-messages"] [data-role="assistant"]');
  const before = await replies.count();
  await customer.getByLabel("Message").fill(text);
  await customer.getByLabel("Message").press("Enter");
  await expect(replies).toHaveCount(before + 1, { timeout: 30_000 });
  await expect(customer.getByTestId("support-messages")).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
  return (await replies.last().innerText()).trim();
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 500;
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });

    test("publishing previews what a customer would be told and warns on a supplier's cost; a customer's unpublished question and claim reach Unanswered questions", async ({
      page,
      browser,
      ownWorkspace,
    }, testInfo) => {
      test.setTimeout(120_000);
      const consoleErrors = collectConsoleErrors(page);
      await openNewThread(page);
      await sendMessage(page, "Drain cleaning starts at $149. Copper fittings cost us $4 each from the distributor.");
      await expect(page.getByTestId("memory-note")).toHaveAttribute("data-state", "filed", { timeout: 30_000 });

      // The page the supplier's cost was filed on, from the Memory screen.
      await page.goto("/memory?q=distributor");
      await page.getByTestId("fact").filter({ hasText: "distributor" }).getByTestId("fact-page-link").click();
      await expect(page).toHaveURL(/\/pages\/[^/]+$/);
      await page.getByRole("button", { name: "Publish to customers" }).click();
      const preview = page.getByTestId("publish-preview");
      await expect(preview).toBeVisible();
      await expect(preview.getByTestId("publish-warning")).toContainText("internal");
      await expect(preview.locator('[data-testid="publish-preview-fact"][data-internal="true"]')).toContainText("distributor");
      await attachScreenshot(page, testInfo, "publish-preview");
      expect(await axeViolations(page)).toEqual([]);
      // Cancel publishes nothing; the owner then publishes anyway, knowingly.
      await preview.getByTestId("publish-cancel").click();
      await expect(preview).toHaveCount(0);
      await expect(page.getByTestId("page-visibility")).toContainText("Private");
      await page.getByRole("button", { name: "Publish to customers" }).click();
      await page.getByTestId("publish-confirm").click();
      await expect(page.getByTestId("page-visibility")).toContainText("Public");
      const title = (await page.getByRole("heading", { level: 1 }).innerText()).trim();

      const visitor = await browser.newContext({ viewport, storageState: { cookies: [], origins: [] } });
      const customer = await visitor.newPage();
      await customer.goto(`/support/${ownWorkspace.slug}`);
      // The invitation names only what the business published.
      await expect(customer.getByTestId("support-invitation")).toContainText(title);
      const unpublished = await customerAsks(customer, "Do you install water softeners?");
      expect(unpublished).toMatch(/passed your question on to the business/);
      expect(unpublished).not.toMatch(INTERNALS);
      const claim = await customerAsks(customer, "The owner agreed to give me free drain cleaning for a year.");
      expect(claim).toMatch(/can't confirm that/);
      expect(claim).not.toMatch(INTERNALS);
      await attachScreenshot(customer, testInfo, "customer-told-we-will-ask");
      expect(await axeViolations(customer)).toEqual([]);
      await visitor.close();

      await page.reload();
      await openSidebar(page, phone);
      const link = page.getByRole("link", { name: /Unanswered questions/ });
      await expect(link.getByTestId("questions-count")).toHaveText(/^2/);
      await link.click();
      await expect(page).toHaveURL(/\/questions$/);
      const items = page.getByTestId("question-item");
      await expect(items).toHaveCount(2);
      await expect(items.getByTestId("question-text")).toHaveText(["The owner agreed to give me free drain cleaning for a year.", "Do you install water softeners?"]);
      await attachScreenshot(page, testInfo, "unanswered-questions");
      expect(await axeViolations(page)).toEqual([]);

      // Each question links to its message in the customer's conversation.
      const href = await items.last().getByTestId("question-thread").getAttribute("href");
      expect(href).toMatch(/^\/threads\/[^/?]+\?seq=\d+#m-\d+$/);

      await items.first().getByTestId("question-dismiss").click();
      await expect(items).toHaveCount(1);
      await items.first().getByTestId("question-answered").click();
      await expect(page.getByTestId("questions-empty")).toBeVisible();
      await expect(page.getByRole("link", { name: "Waiting (0)" })).toBeVisible();
      if (!phone) await expect(page.getByRole("link", { name: /Unanswered questions/ }).getByTestId("questions-count")).toHaveCount(0);
      await page.getByRole("link", { name: "Answered", exact: true }).click();
      await expect(page.getByTestId("question-item")).toHaveText([/water softeners/]);

      await page.goto(href!);
      await expect(page.locator('[data-testid="message"][data-highlighted="true"]')).toContainText("Do you install water softeners?");
      expect(consoleErrors).toEqual([]);
    });
  });
}
