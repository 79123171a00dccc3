import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@/e2e/support/fixtures";
import { ownerHeaders, startAppServer, type AppServer } from "@/e2e/support/app-server";
import { openNewThread } from "@/e2e/support/chat";
import { startOpenAIStandIn, type StandIn } from "@/tests/support/openai-stand-in";

// The reply path in the browser: the reply is not held back by the memory
// pass, a hung model call ends in a timeout the owner can retry, and a reload
// mid-reply leaves the reply marked interrupted with a Retry.

test.describe("a slow memory pass and a slow reply", () => {
  let app: AppServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A ten-second memory pass; replies stream a word every 150 ms, slow enough to reload in the middle of one.
    app = await startAppServer({ OFFLINE_MEMORY_PASS_DELAY_MS: "10000", OFFLINE_MODEL_DELAY_MS: "150" });
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  /** Records, in the page, when the newest reply last grew: the moment the reply finished streaming. */
  async function watchReplyGrowth(page: Page) {
    await page.evaluate(() => {
      const w = window as unknown as { lastReplyChange: number };
      w.lastReplyChange = 0;
      new MutationObserver(() => {
        w.lastReplyChange = performance.now();
      }).observe(document.querySelector('[aria-label="Chat"]')!, { subtree: true, characterData: true, childList: true });
    });
  }

  test("the composer is usable within a second of the reply finishing; the panel shows the pass finishing later", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await openNewThread(page, app.url);
    await watchReplyGrowth(page);
    const composer = page.getByLabel("Message");
    await composer.fill("Our budget for the second location is under $2,500 a month in Houma.");
    await composer.press("Enter");
    await expect(page.getByTestId("assistant-message")).toHaveCount(1, { timeout: 20_000 });
    // The next message is ready to go; Send comes back as soon as the reply is saved.
    await composer.fill("And the lease should start in March.");
    const send = page.getByRole("button", { name: "Send" });
    await expect(send).toBeEnabled({ timeout: 30_000 });
    const enabledAt = await page.evaluate(() => performance.now());
    // Growth after Send came back would mean the reply was still streaming; wait a moment to see any.
    await page.waitForTimeout(500);
    const lastChange = await page.evaluate(() => (window as unknown as { lastReplyChange: number }).lastReplyChange);
    const reply = await page.getByTestId("assistant-message").textContent();
    expect(reply?.length).toBeGreaterThan(10);
    expect(enabledAt - lastChange).toBeLessThan(1000);

    const panel = page.getByTestId("debug-panel");
    await expect(panel.getByTestId("memory-pass-job")).toHaveText(/queued…|running…/, { timeout: 10_000 });
    await page.screenshot({ path: testInfo.outputPath("reply-before-pass.png"), fullPage: true });
    // Once the pass has reported, its report's outcome takes the badge's place.
    await expect(panel.getByTestId("memory-pass-status")).toHaveText("Filed", { timeout: 40_000 });
    await expect(panel.getByTestId("memory-pass-job-line")).toHaveText("Done.");
    await page.screenshot({ path: testInfo.outputPath("reply-after-pass.png"), fullPage: true });
  });

  test("a reload mid-reply leaves the reply marked interrupted, with a Retry that answers again", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await openNewThread(page, app.url);
    const composer = page.getByLabel("Message");
    await composer.fill("Can you write me a long note about planning the second location?");
    await composer.press("Enter");
    await expect(page.getByTestId("assistant-message")).toHaveCount(1, { timeout: 20_000 });
    await expect.poll(async () => (await page.getByTestId("assistant-message").textContent())?.length ?? 0).toBeGreaterThan(8);
    await page.reload();

    // The page may render before the server has saved what streamed; it looks again until it has.
    await expect(page.getByTestId("interrupted-reply")).toBeVisible({ timeout: 20_000 });
    await page.reload();
    const notice = page.getByTestId("unanswered");
    await expect(notice).toContainText("cut off");
    await expect(page.getByTestId("debug-panel").getByTestId("trace-interrupted")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("reply-interrupted.png"), fullPage: true });

    await notice.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByTestId("unanswered")).toHaveCount(0, { timeout: 5_000 });
    // While the retried reply streams, Stop stands where Send was.
    await expect(page.getByTestId("stop")).toBeVisible();
    await expect(page.getByTestId("debug-panel").getByTestId("memory-pass-job")).toBeVisible({ timeout: 60_000 });
    await page.reload();
    await expect(page.getByTestId("user-message")).toHaveCount(1);
    await expect(page.getByTestId("assistant-message")).toHaveCount(1);
    await expect(page.getByTestId("interrupted-reply")).toHaveCount(0);
  });
});

test.describe("a model that never answers", () => {
  let model: StandIn;
  let app: AppServer;
  const REPLY = "The stand-in answered this time.";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    model = await startOpenAIStandIn();
    app = await startAppServer({ OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: "stand-in-1", MODEL_TIMEOUT_MS: "3000" });
  });
  test.afterAll(async () => {
    await app?.stop();
    await model?.close();
  });

  test("times out with an error, keeps the message, and Retry answers it", async ({ page }) => {
    test.setTimeout(90_000);
    await openNewThread(page, app.url);
    model.script({ kind: "hang" });
    const text = "What did the electrician quote for the rewiring?";
    await page.getByLabel("Message").fill(text);
    await page.getByLabel("Message").press("Enter");
    const alert = page.getByTestId("chat-error");
    await expect(alert).toContainText("the reply did not finish within 3 s", { timeout: 20_000 });
    await expect(page.getByTestId("user-message")).toHaveText(text);
    await expect(page.getByTestId("debug-panel").getByTestId("trace-error")).toContainText("the reply did not finish within 3 s (MODEL_TIMEOUT_MS)");

    model.script({ kind: "text", text: REPLY }, { kind: "text", text: JSON.stringify({ facts: [], episode: "" }) });
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByTestId("assistant-message").last()).toHaveText(REPLY);
    await page.reload();
    await expect(page.getByTestId("user-message")).toHaveCount(1);
    await expect(page.getByTestId("assistant-message")).toHaveText([REPLY]);
  });
});

test("on the embedded database, a server killed mid-pass runs the pass again when it starts, once", async () => {
  test.setTimeout(240_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), "episodic-restart-"));
  const env = { PGLITE_DATA_DIR: path.join(dataDir, "pglite"), OFFLINE_MEMORY_PASS_DELAY_MS: "6000", OFFLINE_MODEL_DELAY_MS: "0" };
  let app = await startAppServer(env);
  try {
    let owner = await ownerHeaders(app.url);
    const created = await fetch(`${app.url}/api/threads`, { method: "POST", headers: { ...owner, "content-type": "application/json" }, body: "{}" });
    const threadId = ((await created.json()) as { thread: { id: string } }).thread.id;
    const chat = await fetch(`${app.url}/api/chat`, {
      method: "POST",
      headers: { ...owner, "content-type": "application/json" },
      body: JSON.stringify({ threadId, text: "Our supplier for flour is Miller & Sons at $38 a sack." }),
    });
    await chat.text();
    // The list names the turn; its whole trace, memory-pass job included, is fetched by id.
    const job = async () => {
      const listed = await fetch(`${app.url}/api/threads/${threadId}/traces?limit=1`, { headers: owner });
      const [newest] = ((await listed.json()) as { traces: { id: string }[] }).traces;
      if (!newest) return undefined;
      const response = await fetch(`${app.url}/api/traces/${newest.id}`, { headers: owner });
      const { trace } = (await response.json()) as { trace: { data: { memoryPassJob?: { status: string; attempts: number } } } };
      return trace.data.memoryPassJob;
    };
    await expect.poll(async () => (await job())?.status, { timeout: 30_000 }).toBe("running");
    await app.crash();

    app = await startAppServer(env);
    // The session is kept in the database, so it outlives the server, and it is the one whose copy of the demo holds the thread.
    owner = { ...owner, origin: app.url };
    await expect.poll(async () => (await job())?.status, { timeout: 90_000, intervals: [1000] }).toBe("done");
    expect(await job()).toMatchObject({ status: "done", attempts: 2 });
    const found = await fetch(`${app.url}/api/threads/${threadId}`, { headers: owner }).then((r) => r.json() as Promise<{ thread: { consolidatedSeq: number; lastSeq: number } }>);
    expect(found.thread.consolidatedSeq).toBe(found.thread.lastSeq);
  } finally {
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

type SavedMessage = { role: string; status: string; parts: { type: string; text?: string }[] };
const textOf = (message: SavedMessage) => message.parts.map((p) => p.text ?? "").join("");

test("a server killed mid-reply leaves the reply so far, marked interrupted, and its thread free at once when it starts again", async () => {
  test.setTimeout(300_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), "episodic-killed-reply-"));
  // A word every 300 ms, so the reply is drafted (once a second) long before it ends; no wait for a thread held elsewhere.
  const env = { PGLITE_DATA_DIR: path.join(dataDir, "pglite"), OFFLINE_MODEL_DELAY_MS: "300", TURN_WAIT_MS: "0" };
  let app = await startAppServer(env);
  try {
    let owner = await ownerHeaders(app.url);
    const created = await fetch(`${app.url}/api/threads`, { method: "POST", headers: { ...owner, "content-type": "application/json" }, body: "{}" });
    const threadId = ((await created.json()) as { thread: { id: string } }).thread.id;
    const messages = async () => {
      const response = await fetch(`${app.url}/api/threads/${threadId}/messages`, { headers: owner });
      return ((await response.json()) as { messages: SavedMessage[] }).messages;
    };
    const reply = fetch(`${app.url}/api/chat`, {
      method: "POST",
      headers: { ...owner, "content-type": "application/json" },
      body: JSON.stringify({ threadId, text: "Can you write me a long note about planning the second location, the lease and the budget?" }),
    })
      .then((r) => r.text())
      .catch(() => "the server went away");
    // The reply is saved as it streams, before it ends.
    await expect.poll(async () => (await messages())[1]?.status, { timeout: 30_000, intervals: [250] }).toBe("INTERRUPTED");
    await expect.poll(async () => textOf((await messages())[1]).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const drafted = textOf((await messages())[1]);
    await app.crash();
    await reply;

    app = await startAppServer(env);
    // The same session: the thread is in its copy of the demo.
    owner = { ...owner, origin: app.url };
    const [question, cut] = await messages();
    expect(question).toMatchObject({ role: "USER", status: "COMPLETE" });
    expect(cut).toMatchObject({ role: "ASSISTANT", status: "INTERRUPTED" });
    expect(textOf(cut).startsWith(drafted)).toBe(true);

    // The dead server's claim does not hold the thread: with no wait allowed, a held thread would answer 409 at once.
    const retried = await fetch(`${app.url}/api/chat`, { method: "POST", headers: { ...owner, "content-type": "application/json" }, body: JSON.stringify({ threadId, retry: true }) });
    expect(retried.status).toBe(200);
    await retried.text();
    expect((await messages()).map((m) => [m.role, m.status])).toEqual([
      ["USER", "COMPLETE"],
      ["ASSISTANT", "COMPLETE"],
    ]);
  } finally {
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
