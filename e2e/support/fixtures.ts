import { randomUUID } from "node:crypto";
import { expect, test as base, type APIRequestContext, type Page } from "@playwright/test";

/** The seeded demo owner, as the README and the sign-in page state them. */
export const DEMO_OWNER = { email: "demo@example.com", password: "demo-password" };

/** The server under test: one already running (E2E_BASE_URL), or the build playwright.config.ts starts on E2E_PORT. */
export const E2E_BASE_URL = process.env.E2E_BASE_URL?.replace(/\/$/, "") ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** Whether the suite runs against a server someone else started: specs that start servers from the build skip then. */
export const AGAINST_RUNNING_SERVER = Boolean(process.env.E2E_BASE_URL);

/** Where the signed-in demo owner's cookies are kept between the setup and the specs; one file per test server. */
export const DEMO_OWNER_STATE = `.data/e2e-${new URL(E2E_BASE_URL).host.replace(/[^a-z0-9]+/gi, "-")}-demo-owner.json`;

/** A workspace made for one test, with the owner who is signed in to it. */
export type OwnWorkspace = { id: string; name: string; slug: string; email: string; request: APIRequestContext };

/** Signs in through the sign-in page, as a person would; lands on the workspace's latest thread. */
/** `landingMs`: how long the first thread may take to open (a development server compiles it on its first visit). */
export async function signIn(page: Page, { email, password } = DEMO_OWNER, baseUrl = "", { landingMs = 30_000 } = {}) {
  await page.goto(`${baseUrl}/sign-in`, { timeout: Math.max(landingMs, 30_000) });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/threads\//, { timeout: landingMs });
}

/**
 * The specs' `test`: pages start signed in as the demo owner (the storage
 * state the setup project saved), and `request` sends the app's own Origin,
 * as the app's pages do, since the server refuses writes without it.
 */
export const test = base.extend<{ ownWorkspace: OwnWorkspace }>({
  request: async ({ playwright, baseURL, storageState }, use) => {
    const context = await playwright.request.newContext({ baseURL, storageState, extraHTTPHeaders: { origin: baseURL! } });
    await use(context);
    await context.dispose();
  },
  /**
   * A new owner signed up for this test with an empty workspace of their
   * own, and the test's page signed in as them (its `request` stays the demo
   * owner's; `ownWorkspace.request` is theirs): nothing another test does
   * reaches it, so tests pass in any order.
   */
  ownWorkspace: async ({ page, playwright, baseURL }, use, testInfo) => {
    const browser = page.context();
    await browser.clearCookies();
    const origin = { origin: baseURL! };
    const email = `e2e-${randomUUID().slice(0, 12)}@example.com`;
    const password = "an e2e password of length";
    const signUp = await browser.request.post("/api/auth/sign-up/email", { data: { email, password, name: email }, headers: origin });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    // Signing up starts no session (autoSignIn is off, so sign-up cannot tell who has an account): sign in, as the form does.
    const signedIn = await browser.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: origin });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const name = `E2E ${testInfo.title}`.slice(0, 60);
    const created = await browser.request.post("/api/workspaces", { data: { name }, headers: origin });
    expect(created.ok(), await created.text()).toBe(true);
    const { workspace } = (await created.json()) as { workspace: { id: string; name: string; slug: string } };
    const request = await playwright.request.newContext({ baseURL, storageState: await browser.storageState(), extraHTTPHeaders: origin });
    await use({ ...workspace, email, request });
    await request.dispose();
  },
});

export { expect, type APIRequestContext, type Page };
