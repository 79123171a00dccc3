import { expect, type Page } from "@playwright/test";

/** "/" opens the latest thread, so the new one is ready only once the address has changed. */
export async function openNewThread(page: Page, origin = ""): Promise<void> {
  await page.goto(`${origin}/`);
  const before = page.url();
  await page.getByRole("button", { name: "New thread" }).click();
  await expect(page).not.toHaveURL(before);
  await expect(page.getByTestId("message-count")).toHaveText("0 messages");
}

/**
 * Sends a message and waits until the turn is complete: the debug panel
 * lists it as the latest turn and shows its memory pass, which runs after
 * the reply has streamed.
 */
export async function sendAndWaitForTurn(page: Page, text: string): Promise<void> {
  const composer = page.getByLabel("Message");
  await composer.fill(text);
  await composer.press("Enter");
  await expect(page.getByLabel("Turn").locator("option").first()).toContainText(text.slice(0, 30), { timeout: 20_000 });
  await expect(page.getByTestId("debug-panel").getByTestId("memory-pass-status")).toBeVisible({ timeout: 15_000 });
}
