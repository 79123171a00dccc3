import { expect, test } from "@/e2e/support/fixtures";
import { openNewThread, sendAndWaitForTurn } from "@/e2e/support/chat";

test("the owner confirms a fact the agent proposed, in one click, and its source message is one click away", async ({ page }, testInfo) => {
  await openNewThread(page);
  await sendAndWaitForTurn(page, "We want to open a second location in Houma.");
  await sendAndWaitForTurn(page, "What do you suggest for the second location?");

  // Only the agent said it, so the memory pass filed it as pending.
  const proposal = page.getByTestId("debug-panel").getByTestId("filed-fact").filter({ hasText: "Pending" });
  await expect(proposal).toHaveCount(1);
  const factId = await proposal.getAttribute("data-fact-id");
  await proposal.getByTestId("page-link").click();

  await expect(page).toHaveURL(/\/pages\/[^/]+$/);
  const fact = page.locator(`[data-testid="fact"][data-fact-id="${factId}"]`);
  await expect(fact.getByTestId("fact-status")).toHaveText("Pending");
  await expect(fact).toContainText("suggested by the agent");
  await page.screenshot({ path: testInfo.outputPath("page-pending-fact.png"), fullPage: true });

  await fact.getByRole("button", { name: "Confirm" }).click();
  await expect(fact.getByTestId("fact-status")).toHaveText("Confirmed");
  await expect(fact.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("page-confirmed-fact.png"), fullPage: true });

  // The fact links to the message it came from: the chat scrolls to it and highlights it.
  await fact.getByTestId("fact-source-link").click();
  await expect(page).toHaveURL(/\?seq=4#m-4$/);
  await expect(page.locator("#m-4")).toHaveAttribute("data-highlighted", "true");
  await expect(page.locator("#m-4")).toBeInViewport();
});

test("the pages list counts facts by status and routes titles with spaces and & by id", async ({ page }, testInfo) => {
  // A firm's name holds "&"; the offline model files what names only the firm under its name.
  await openNewThread(page);
  await sendAndWaitForTurn(page, "We signed with Pike & Sons Roofing.");
  await page.goto("/pages");
  const cards = page.getByTestId("page-list").getByRole("link");
  expect(await cards.count()).toBeGreaterThan(0);
  const withAmpersand = cards.filter({ hasText: "&" }).first();
  await expect(withAmpersand).toContainText("confirmed");
  await withAmpersand.click();
  await expect(page).toHaveURL(/\/pages\/[a-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("&");
  await expect(page.getByTestId("page-episodes").getByRole("listitem").first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("page-with-ampersand.png"), fullPage: true });
});

test("reviews and traces refuse what is not in this workspace or not valid", async ({ request }) => {
  // Shaped like the ids the database hands out, but naming nothing; "no-such-fact" is not even shaped like one.
  const unknown = "cunknownid0000000000000000";
  const review = (id: string, data: unknown) => request.post(`/api/facts/${id}/review`, { data });
  expect((await review(unknown, { verdict: "confirm" })).status()).toBe(404);
  expect((await review("no-such-fact", { verdict: "confirm" })).status()).toBe(422);
  const invalid = await review(unknown, { verdict: "maybe" });
  expect(invalid.status()).toBe(422);
  expect((await invalid.json()) as { error: string }).toHaveProperty("error");
  expect((await request.get(`/api/threads/${unknown}/traces`)).status()).toBe(404);
  expect((await request.get(`/api/pages/${unknown}`)).status()).toBe(404);
  const { pages } = (await (await request.get("/api/pages")).json()) as { pages: { id: string }[] };
  expect((await request.get(`/api/pages/${pages[0].id}`)).status()).toBe(200);
  const { threads } = (await (await request.get("/api/threads")).json()) as { threads: { id: string }[] };
  expect((await request.get(`/api/threads/${threads[0].id}/traces?limit=0`)).status()).toBe(422);
});

test("the owner corrects a confirmed fact by hand: his wording supersedes the old one and says it is his edit", async ({ page }, testInfo) => {
  await openNewThread(page);
  await sendAndWaitForTurn(page, "The walk-in cooler delivery is set for March 3.");
  const filed = page.getByTestId("debug-panel").getByTestId("filed-fact").filter({ hasText: "Confirmed" }).first();
  await expect(filed).toBeVisible();
  const factId = await filed.getAttribute("data-fact-id");
  await filed.getByTestId("page-link").click();

  const fact = page.locator(`[data-testid="fact"][data-fact-id="${factId}"]`);
  await fact.getByTestId("fact-correct").click();
  await fact.getByTestId("fact-correct-text").fill("The walk-in cooler delivery is set for March 5.");
  await fact.getByTestId("fact-correct-save").click();
  await expect(fact.getByTestId("fact-status")).toHaveText("Superseded");
  await expect(fact).toContainText('the owner corrected');
  // The superseded fact also names its replacement, so the corrected one is found by its status.
  const corrected = page.locator('[data-testid="fact"][data-status="CONFIRMED"]').filter({ hasText: "March 5" });
  await expect(corrected.getByTestId("fact-status")).toHaveText("Confirmed");
  await expect(corrected.getByTestId("fact-owner-edit")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("page-corrected-fact.png"), fullPage: true });
});
