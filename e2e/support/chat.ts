import { expect, type Page } from "@playwright/test";
import { signIn } from "@/e2e/support/fixtures";

/**
 * Opens a new, empty thread. "/" redirects (on the server) to the latest
 * thread, or shows an empty workspace's start page; a click that lands before
 * the page has hydrated does nothing, so it is clicked again until the address
 * moves on. On a server of its own (`origin`), the page signs in there first.
 */
export async function openNewThread(page: Page, origin = ""): Promise<void> {
  if (origin) await signIn(page, undefined, origin);
  await page.goto(`${origin}/`);
  const before = page.url();
  await expect(async () => {
    // On a phone the sidebar is a drawer behind the Menu button.
    const menu = page.getByTestId("menu-button");
    if (await menu.isVisible()) await menu.click({ timeout: 3_000 });
    await page.getByRole("button", { name: "New thread" }).click({ timeout: 3_000 });
    await expect(page).not.toHaveURL(before, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/threads\/[^/?#]+$/);
  await expect(page.getByTestId("message-count")).toHaveText("0 messages", { timeout: 20_000 });
}

/** Opens a thread by its title from the sidebar (opening the phone layout's menu first) and waits until its chat has loaded. */
export async function openThread(page: Page, title: string): Promise<void> {
  if (!page.url().startsWith("http")) await page.goto("/");
  const menu = page.getByTestId("menu-button");
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId("thread-list").getByRole("link", { name: title }).first().click();
  await expect(page.getByTestId("thread-title")).toHaveText(title, { timeout: 30_000 });
  await expect(page.getByTestId("message-list")).toBeVisible();
}

/** Sends a message and waits until the reply has finished streaming and the composer takes a new one. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const composer = page.getByLabel("Message");
  await composer.fill(text);
  await composer.press("Enter");
  await expect(page.getByTestId("user-message").filter({ hasText: text.slice(0, 40) }).last()).toBeVisible();
  await expect(page.getByTestId("send")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("thinking")).toHaveCount(0);
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
