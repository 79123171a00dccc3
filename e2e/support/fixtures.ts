import { expect, test as base, type APIRequestContext, type Page } from "@playwright/test";

/** The seeded demo owner, as the README and the sign-in page state them. */
export const DEMO_OWNER = { email: "demo@example.com", password: "demo-password" };

/** Where the signed-in demo owner's cookies are kept between the setup and the specs; one file per test server. */
export const DEMO_OWNER_STATE = `.data/e2e-${process.env.E2E_PORT ?? 3100}-demo-owner.json`;

/** Signs in through the sign-in page, as a person would; lands on the workspace's latest thread. */
export async function signIn(page: Page, { email, password } = DEMO_OWNER, baseUrl = "") {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/threads\//, { timeout: 30_000 });
}

/**
 * The specs' `test`: pages start signed in as the demo owner (the storage
 * state the setup project saved), and `request` sends the app's own Origin,
 * as the app's pages do, since the server refuses writes without it.
 */
export const test = base.extend({
  request: async ({ playwright, baseURL, storageState }, use) => {
    const context = await playwright.request.newContext({ baseURL, storageState, extraHTTPHeaders: { origin: baseURL! } });
    await use(context);
    await context.dispose();
  },
});

export { expect, type APIRequestContext, type Page };
