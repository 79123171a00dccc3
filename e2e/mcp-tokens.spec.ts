import { expect, test } from "@/e2e/support/fixtures";

// An owner makes a memory token on the Settings page, sees it once, an agent
// reads the workspace's memory over MCP with it, and revoking it ends that.

test("a memory token made on Settings opens the workspace's memory over MCP until it is revoked", async ({ page, playwright, baseURL, request }) => {
  await page.goto("/settings");
  const card = page.getByTestId("settings-mcp");
  await card.getByLabel("Name").fill("Desktop agent");
  await card.getByRole("button", { name: "Make a token" }).click();
  const secret = (await card.getByTestId("mcp-secret").textContent()) ?? "";
  expect(secret).toMatch(/^ebm_[A-Za-z0-9_-]{43}$/);
  await expect(card.getByTestId("mcp-token").filter({ hasText: "Desktop agent" })).toContainText(secret.slice(0, 8));

  // An agent elsewhere: no cookie, no Origin, only the token.
  const agent = await playwright.request.newContext({ baseURL });
  const rpc = (body: unknown) =>
    agent.post("/api/mcp", { data: body, headers: { authorization: `Bearer ${secret}`, accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" } });
  const hello = await rpc({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } } });
  expect(hello.status()).toBe(200);
  expect(await hello.json()).toMatchObject({ result: { serverInfo: { name: "episodic-buffer" } } });
  const { pages } = (await (await request.get("/api/pages")).json()) as { pages: { title: string }[] };
  const read = await rpc({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "read_page", arguments: { title: pages[0].title } } });
  expect(await read.json()).toMatchObject({ result: { structuredContent: { title: pages[0].title, found: true } } });

  // Shown once: the page says only its first characters from now on.
  await page.reload();
  await expect(card.getByTestId("mcp-secret")).toHaveCount(0);
  await card.getByRole("button", { name: "Revoke Desktop agent" }).click();
  await card.getByRole("group", { name: "Revoke Desktop agent?" }).getByRole("button", { name: "Revoke" }).click();
  await expect(card.getByTestId("mcp-token").filter({ hasText: "Desktop agent" })).toHaveCount(0);
  expect((await rpc({ jsonrpc: "2.0", id: 3, method: "ping" })).status()).toBe(401);
  await agent.dispose();
});
