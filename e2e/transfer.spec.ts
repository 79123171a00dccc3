import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@/e2e/support/fixtures";

const TITLE = "Houma lease comparison (imported)";

const OWNER_LINES = [
  "Our budget for rent in Houma is under $2,500 a month.",
  "The Main St lease is 1,200 square feet at $2,350 a month for 3 years.",
  "The Canal Blvd lease is 1,450 square feet at $2,600 a month plus $180 maintenance.",
  "I'm leaning toward the Main St lease.",
  "We'll go with Bayou Roasters as our supplier at $9.35 a pound.",
];

/** A thread file as the export writes it, so the round trip can be compared byte for byte. */
function threadFileText(): { text: string; messages: number } {
  const messages = Array.from({ length: 20 }, (_, i) => {
    const owner = i % 2 === 0;
    const text = owner ? OWNER_LINES[(i / 2) % OWNER_LINES.length] : `Noted, that's message ${i + 1}.`;
    return {
      seq: i + 1,
      role: owner ? "USER" : "ASSISTANT",
      speaker: owner ? "OWNER" : "AGENT",
      text,
      ...(i === 1 ? { parts: [{ type: "step-start" }, { type: "text", text }] } : {}),
      createdAt: new Date(Date.UTC(2026, 9, 9, 15, i)).toISOString(),
    };
  });
  const file = {
    format: "episodic-buffer.thread",
    version: 1,
    thread: { title: TITLE, kind: "OWNER", createdAt: messages[0].createdAt },
    messages,
  };
  return { text: `${JSON.stringify(file, null, 2)}\n`, messages: messages.length };
}

test("an imported thread consolidates and exports back as the same file", async ({ page }, testInfo) => {
  const { text, messages } = threadFileText();
  await page.goto("/threads/import");
  await page.getByLabel("Thread file").setInputFiles({
    name: "houma.thread.json",
    mimeType: "application/json",
    buffer: Buffer.from(text),
  });
  await page.getByRole("button", { name: "Import" }).click();

  const imported = page.getByTestId("imported-thread");
  await expect(imported.getByRole("link", { name: TITLE })).toHaveAttribute("href", /^\/threads\/\w+$/);
  await expect(imported).toContainText(`${messages} messages`);

  await imported.getByRole("button", { name: "Consolidate" }).click();
  const bar = imported.getByRole("progressbar");
  await expect(bar).toHaveAttribute("aria-valuemax", String(messages));
  await expect(bar).toHaveAttribute("aria-valuenow", String(messages), { timeout: 30_000 });
  await expect(imported.getByRole("button", { name: "Consolidated" })).toBeDisabled();
  await expect(imported.getByTestId("consolidation-status")).toContainText(/[1-9]\d* episodes? · [1-9]\d* facts? filed/);
  await page.screenshot({ path: testInfo.outputPath("import-consolidated.png"), fullPage: true });

  const downloading = page.waitForEvent("download");
  await imported.getByRole("link", { name: "Export" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${TITLE}.thread.json`);
  expect(await readFile(await download.path(), "utf8")).toBe(text);

  await imported.getByRole("link", { name: TITLE }).click();
  await expect(page).toHaveURL(/\/threads\/\w+$/);
  await expect(page.getByText(OWNER_LINES[1]).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("imported-thread.png"), fullPage: true });
});

async function threadCount(page: Page): Promise<number> {
  const response = await page.request.get("/api/threads");
  return ((await response.json()) as { threads: unknown[] }).threads.length;
}

test("a bad thread file is refused with a message saying what is wrong", async ({ page }, testInfo) => {
  const before = await threadCount(page);
  await page.goto("/threads/import");
  const form = page.getByRole("form", { name: "Import a thread" });
  const input = form.getByLabel("Thread file");
  const importButton = form.getByRole("button", { name: "Import" });
  const alert = form.getByRole("alert");

  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Main St lease: $2,350") });
  await importButton.click();
  await expect(alert).toHaveText("The thread file is not valid JSON.");

  const { text } = threadFileText();
  const wrongSpeaker = text.replace('"speaker": "AGENT"', '"speaker": "CUSTOMER"');
  await input.setInputFiles({ name: "wrong.thread.json", mimeType: "application/json", buffer: Buffer.from(wrongSpeaker) });
  await importButton.click();
  await expect(alert).toContainText("This is not a valid thread file");
  await expect(alert).toContainText("messages.1.speaker: the agent speaks as ASSISTANT, people as USER");
  await expect(page.getByTestId("imported-thread")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("import-refused.png"), fullPage: true });
  expect(await threadCount(page)).toBe(before);
});
