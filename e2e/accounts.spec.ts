import { DEMO_OWNER, DEMO_OWNER_STATE, expect, signIn, test, type APIRequestContext } from "@/e2e/support/fixtures";
import { sendAndWaitForTurn } from "@/e2e/support/chat";

// Accounts and access, end to end: these tests start signed out (their own
// sessions, so switching workspaces or signing out never touches the shared
// demo-owner session the other specs use).
test.use({ storageState: { cookies: [], origins: [] } });

/** What an owner's API shows of the active workspace: thread titles with their message counts, and every page's facts. */
async function workspaceContents(request: APIRequestContext) {
  const threads = ((await (await request.get("/api/threads")).json()) as { threads: { title: string; lastSeq: number }[] }).threads;
  const pages = ((await (await request.get("/api/pages")).json()) as { pages: unknown[] }).pages;
  return { threads: threads.map((t) => `${t.title} (${t.lastSeq})`).sort(), pages };
}

test("the demo owner signs in, makes a workspace of their own and chats there; the demo is unchanged", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await expect(page.goto("/pages").then(() => page.url())).resolves.toMatch(/\/sign-in\?next=%2Fpages$/);
  await expect(page.getByTestId("demo-credentials")).toContainText(DEMO_OWNER.email);
  await expect(page.getByTestId("demo-credentials")).toContainText(DEMO_OWNER.password);
  await signIn(page);
  const demoBefore = await workspaceContents(page.request);
  expect(demoBefore.threads.length).toBeGreaterThan(0);

  await page.getByRole("link", { name: "New workspace" }).click();
  await page.getByLabel("Business name").fill("Rosa's Bakery");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByText("No threads yet")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("Workspace")).toHaveValue(/.+/);
  await expect(page.getByLabel("Workspace").locator("option:checked")).toHaveText("Rosa's Bakery");
  expect((await workspaceContents(page.request)).threads).toEqual([]);

  await expect(async () => {
    await page.getByRole("button", { name: "New thread" }).click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/threads\//, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await sendAndWaitForTurn(page, "Our sourdough loaf sells for $7 and we bake it every morning at five.");
  await expect(page.getByTestId("assistant-message").first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("own-workspace-chat.png"), fullPage: true });
  expect((await workspaceContents(page.request)).threads).toHaveLength(1);

  await page.getByLabel("Workspace").selectOption({ label: "Bayou Bean Coffee" });
  await expect(page).toHaveURL(/\/threads\//, { timeout: 20_000 });
  expect(await workspaceContents(page.request)).toEqual(demoBefore);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/, { timeout: 20_000 });
  expect((await page.request.get("/api/threads")).status()).toBe(401);
});

test("a customer chats on the public support page and cannot reach the owner's data", async ({ page, browser, playwright, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  // The support page of the owner's own copy of the demo, as the sidebar links it.
  const owner = await playwright.request.newContext({ baseURL, storageState: DEMO_OWNER_STATE, extraHTTPHeaders: { origin: baseURL! } });
  const { workspaces } = (await (await owner.get("/api/workspaces")).json()) as { workspaces: { slug: string; name: string }[] };
  const copy = workspaces.find((w) => w.name === "Bayou Bean Coffee")!;
  expect(copy.slug).toMatch(/^demo-/);
  await page.goto(`/support/${copy.slug}`);
  await expect(page.getByTestId("support-business")).toHaveText("Bayou Bean Coffee");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  const question = "Hello! What time do you open on Saturdays?";
  await expect(async () => {
    await page.getByLabel("Message").fill(question);
    await page.getByLabel("Message").press("Enter");
    await expect(page.locator('[data-role="user"]')).toHaveText(question, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("support-messages")).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
  await expect(page.locator('[data-role="assistant"]')).not.toHaveText("");
  await page.screenshot({ path: testInfo.outputPath("support-chat.png"), fullPage: true });
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "support_visitor")).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  // Their conversation is still theirs after a reload.
  await page.reload();
  await expect(page.locator('[data-role="user"]')).toHaveText(question);

  // The owner sees it, labelled by visitor and read-only.
  const { threads } = (await (await owner.get("/api/threads")).json()) as { threads: { id: string; title: string; kind: string }[] };
  const visitorThread = threads.find((t) => t.title.startsWith("Customer · visitor"));
  expect(visitorThread?.kind).toBe("SUPPORT");
  const ownerContext = await browser.newContext({ storageState: DEMO_OWNER_STATE });
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`/threads/${visitorThread!.id}`);
  await expect(ownerPage.getByTestId("read-only")).toBeVisible();
  await expect(ownerPage.getByLabel("Message")).toHaveCount(0);
  await ownerContext.close();

  // With the visitor's cookie, nothing of the owner's: pages redirect to sign-in, the API answers 401.
  for (const path of ["/", "/pages", `/threads/${visitorThread!.id}`, "/settings"]) {
    await page.goto(path);
    // A signed-out visitor lands on the sign-in page, which keeps where they were going (none for "/").
    await expect(page, path).toHaveURL(/\/sign-in(\?next=[^&]+)?$/);
  }
  const { pages } = (await (await owner.get("/api/pages")).json()) as { pages: { id: string }[] };
  for (const path of ["/api/threads", "/api/pages", `/api/pages/${pages[0].id}`, `/api/threads/${visitorThread!.id}`, `/api/threads/${visitorThread!.id}/traces`, `/api/threads/${visitorThread!.id}/export`]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(401);
    expect(await response.text(), path).not.toContain(question);
  }
  await owner.dispose();
});

test("signed out, every API route answers 401; another site's writes answer 403; pages refuse to be framed", async ({ request, playwright, baseURL }) => {
  const id = "cunknownid0000000000000000";
  const routes: [method: "GET" | "POST" | "PATCH", path: string][] = [
    ["POST", "/api/chat"],
    ["GET", "/api/threads"],
    ["POST", "/api/threads"],
    ["GET", `/api/threads/${id}`],
    ["PATCH", `/api/threads/${id}`],
    ["POST", `/api/threads/${id}/memory-pass`],
    ["GET", `/api/threads/${id}/traces`],
    ["GET", `/api/traces/${id}`],
    ["GET", `/api/threads/${id}/messages`],
    ["GET", `/api/threads/${id}/episodes`],
    ["GET", `/api/threads/${id}/export`],
    ["POST", `/api/threads/${id}/consolidate`],
    ["POST", "/api/threads/import"],
    ["GET", "/api/pages"],
    ["GET", `/api/pages/${id}`],
    ["GET", `/api/pages/${id}/facts`],
    ["GET", `/api/pages/${id}/episodes`],
    ["PATCH", `/api/pages/${id}`],
    ["POST", `/api/facts/${id}/review`],
    ["GET", "/api/workspaces"],
    ["POST", "/api/workspaces"],
    ["POST", "/api/workspaces/active"],
    ["POST", "/api/workspaces/reset"],
  ];
  for (const [method, path] of routes) {
    const response = await request.fetch(path, { method, data: method === "GET" ? undefined : {} });
    expect(response.status(), `${method} ${path}`).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe("unauthorized:session");
  }

  const owner = await playwright.request.newContext({ baseURL, storageState: DEMO_OWNER_STATE, extraHTTPHeaders: { origin: "http://evil.example" } });
  const before = (await (await owner.get("/api/threads")).json()) as unknown;
  const forged = await owner.post("/api/threads/import", { data: '{"format":"episodic-buffer.thread"}', headers: { "content-type": "text/plain" } });
  expect(forged.status()).toBe(403);
  expect(((await forged.json()) as { code: string }).code).toBe("forbidden:origin");
  expect(await (await owner.get("/api/threads")).json()).toEqual(before);
  await owner.dispose();

  const csp = (await request.get("/sign-in")).headers()["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
});

test("someone else signs up: the demo's threads, pages and exports answer 404 to their session, in pages and the API", async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await playwright.request.newContext({ baseURL, storageState: DEMO_OWNER_STATE, extraHTTPHeaders: { origin: baseURL! } });
  const { threads } = (await (await owner.get("/api/threads")).json()) as { threads: { id: string }[] };
  const { pages } = (await (await owner.get("/api/pages")).json()) as { pages: { id: string }[] };
  await owner.dispose();

  await page.goto("/sign-in");
  await page.getByRole("button", { name: "New here? Create an account" }).click();
  await page.getByLabel("Email").fill(`someone-${Date.now()}@elsewhere.test`);
  await page.getByLabel("Password").fill("another long password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/workspaces\/new$/, { timeout: 20_000 });
  // No workspace yet: the owner screens send them to make one, the API answers 403.
  await page.goto("/pages");
  await expect(page).toHaveURL(/\/workspaces\/new$/);
  expect((await page.request.get("/api/threads")).status()).toBe(403);

  await page.getByLabel("Business name").fill("Elsewhere Hardware");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByText("No threads yet")).toBeVisible({ timeout: 20_000 });
  for (const path of [`/threads/${threads[0].id}`, `/threads/${threads[0].id}/episodes`, `/pages/${pages[0].id}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  for (const path of [`/api/threads/${threads[0].id}`, `/api/threads/${threads[0].id}/traces`, `/api/threads/${threads[0].id}/export`, `/api/pages/${pages[0].id}`]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  expect(((await (await page.request.get("/api/threads")).json()) as { threads: unknown[] }).threads).toEqual([]);
});
