import { expect, test } from "@/e2e/support/fixtures";

test("settings say which model answers and plays each role, the window and buffer caps, the database, and how to switch models", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByTestId("model-label").click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("settings-model")).toContainText("Offline model");
  await expect(page.getByText("The offline model plays every role.")).toBeVisible();
  await expect(page.getByTestId("settings-role-memory")).toContainText("Offline model");
  await expect(page.getByTestId("settings-role-memory")).toContainText("(the chat model)");
  await expect(page.getByTestId("settings-buffer")).toContainText("last 30 messages");
  await expect(page.getByTestId("settings-buffer")).toContainText("at most 12");
  await expect(page.getByTestId("settings-buffer")).toContainText("at most 220 characters");
  await expect(page.getByTestId("settings-database")).toContainText("Embedded PGlite");
  await expect(page.getByText("OPENAI_BASE_URL=http://localhost:11434/v1")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("settings.png"), fullPage: true });
});

test("on a narrow screen the menu and the debug panel open behind buttons", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page).toHaveURL(/\/threads\//);
  const panel = page.getByTestId("debug-panel");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(panel).toBeHidden();
  await expect(nav).toBeHidden();

  await page.getByRole("button", { name: "Debug" }).click();
  await expect(panel).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("narrow-debug-panel.png"), fullPage: true });
  await panel.getByRole("button", { name: "Close the debug panel" }).click();
  await expect(panel).toBeHidden();

  await page.getByRole("button", { name: "Menu" }).click();
  await expect(nav).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("narrow-menu.png"), fullPage: true });
  await nav.getByRole("link", { name: "Pages" }).click();
  await expect(page).toHaveURL(/\/pages$/);
  await expect(nav).toBeHidden();
});
