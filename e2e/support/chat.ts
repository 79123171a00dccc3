import { expect, type Page } from "@playwright/test";
import { signIn } from "@/e2e/support/fixtures";

/**
 * "/" redirects to the latest thread (client-side while the page streams), so
 * the new thread is ready only once the address has moved on from that one.
 * A click that lands before the page has hydrated does nothing: click again.
 * On a server of its own (`origin`), the page signs in there first.
 */
export async function openNewThread(page: Page, origin = ""): Promise<void> {
  if (origin) await signIn(page, undefined, origin);
  await page.goto(`${origin}/`);
  await expect(page).toHaveURL(/\/threads\/[^/?#]+$/, { timeout: 30_000 });
  const latest = page.url();
  await expect(async () => {
    await page.getByRole("button", { name: "New thread" }).click({ timeout: 3_000 });
    await expect(page).not.toHaveURL(latest, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("message-count")).toHaveText("0 messages", { timeout: 20_000 });
}

/**
 * Sends a message and waits until the turn is complete: the debug panel
 * lists it as the latest turn (below the preview of the next one, on a thread
 * past its window) and shows its memory pass, which runs after the reply has
 * streamed.
 */
export async function sendAndWaitForTurn(page: Page, text: string): Promise<void> {
  const composer = page.getByLabel("Message");
  await composer.fill(text);
  await composer.press("Enter");
  await expect(page.getByLabel("Turn").locator("option:not([value=preview])").first()).toContainText(text.slice(0, 30), { timeout: 20_000 });
  await expect(page.getByTestId("debug-panel").getByTestId("memory-pass-status")).toBeVisible({ timeout: 15_000 });
}
