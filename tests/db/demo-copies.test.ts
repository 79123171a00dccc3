import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { previewNextTurn } from "@/lib/agent/preview";
import { DEMO_OWNER } from "@/lib/auth/demo-account";
import { getAuth } from "@/lib/auth/server";
import { readConfig } from "@/lib/config";
import { turnTraceSchema } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import type { Workspace } from "@/lib/db/generated/client";
import { supportWorkspace } from "@/lib/customers/scope";
import { ownedWorkspaces, requestScope, requireUser } from "@/lib/workspaces/current";
import { seedDemoWorkspace } from "@/lib/workspaces/demo";
import { DEMO_WORKSPACE_SLUG } from "@/lib/workspaces/demo-template";
import { ensureDemoOwner } from "@/lib/workspaces/demo-owner";
import { DEMO_TURNS } from "@/lib/workspaces/demo-story";
import { createWorkspace, resetOwnDemo, switchWorkspace } from "@/lib/workspaces/manage";
import { appDbForFile } from "@/tests/db/test-db";

// Everyone who opens the demo signs in as one published account. Each of its
// sessions works in a copy of the seeded demo of its own: what one person
// does there (a chat, a review, a reset) no one else sees, and the seeded
// template stays as it was.

/** The Cookie header of the request being made; next/headers reads it as Next would. */
let cookieHeader = "";
vi.mock("next/headers", () => ({ headers: async () => new Headers(cookieHeader ? { cookie: cookieHeader } : {}) }));
process.env.AUTH_SECRET ??= "a-test-secret-that-is-long-enough-for-hmac-signing";

const t = appDbForFile();
let template: Workspace;
let seedMs: number;

beforeAll(async () => {
  const started = performance.now();
  template = await seedDemoWorkspace(t.db);
  seedMs = performance.now() - started;
  await ensureDemoOwner(t.db);
}, 300_000);
afterAll(async () => {
  delete (globalThis as { episodicBufferDemoOwner?: unknown }).episodicBufferDemoOwner;
});

/** A new session of the demo account: someone else opening the demo. */
async function openTheDemo(): Promise<string> {
  const auth = await getAuth();
  const response = await auth.api.signInEmail({ body: { email: DEMO_OWNER.email, password: DEMO_OWNER.password }, asResponse: true });
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function as<T>(cookie: string, run: () => Promise<T>): Promise<T> {
  const own = cookieHeader;
  cookieHeader = cookie;
  try {
    return await run();
  } finally {
    cookieHeader = own;
  }
}

/** What a workspace holds, without ids: a copy must hold exactly what the template does. */
async function contents(workspaceId: string) {
  const threads = await t.db.thread.findMany({
    where: { workspaceId, visitorId: null },
    select: { title: true, kind: true, lastSeq: true, consolidatedSeq: true, updatedAt: true, messages: { select: { seq: true, text: true, status: true }, orderBy: { seq: "asc" } } },
    orderBy: { title: "asc" },
  });
  const pages = await t.db.page.findMany({
    where: { workspaceId },
    select: { title: true, visibility: true, facts: { select: { key: true, text: true, status: true, source: true, heldReason: true }, orderBy: [{ key: "asc" }, { text: "asc" }] } },
    orderBy: { title: "asc" },
  });
  const episodes = await t.db.episode.findMany({
    where: { thread: { workspaceId } },
    select: { fromSeq: true, toSeq: true, gist: true, pages: true, pointerCount: true, rejectedPointers: true, supersededPointers: true },
    orderBy: [{ fromSeq: "asc" }, { toSeq: "asc" }, { gist: "asc" }],
  });
  const traces = await t.db.turnTrace.count({ where: { thread: { workspaceId } } });
  const questions = await t.db.unansweredQuestion.findMany({
    where: { workspaceId },
    select: { seq: true, text: true, status: true, thread: { select: { title: true } } },
    orderBy: { seq: "asc" },
  });
  return { threads, pages, episodes, traces, questions };
}

const ALL_IDS = /c[a-z0-9]{20,32}/g;

describe("a demo session's own copy", () => {
  let first: { cookie: string; copy: Workspace };
  let second: { cookie: string; copy: Workspace };
  let copyMs: number;

  beforeAll(async () => {
    const cookie = await openTheDemo();
    const started = performance.now();
    const copy = (await as(cookie, requestScope)).workspace;
    copyMs = performance.now() - started;
    first = { cookie, copy };
    const other = await openTheDemo();
    second = { cookie: other, copy: (await as(other, requestScope)).workspace };
    console.log(`seeding the demo template took ${Math.round(seedMs)} ms; a session's copy of it ${Math.round(copyMs)} ms (${t.kind})`);
  });

  it("is made on the session's first request, holds exactly the seeded story, and is the session's alone", async () => {
    expect(first.copy.id).not.toBe(template.id);
    expect(second.copy.id).not.toBe(first.copy.id);
    expect(first.copy).toMatchObject({ name: template.name, demo: true });
    expect(first.copy.slug).toMatch(/^demo-[0-9a-f]{12}$/);
    const seeded = await contents(template.id);
    expect(seeded.threads.length).toBe(3);
    // The seeded customer's questions nothing published answers wait in every copy's Unanswered questions.
    expect(seeded.questions.length).toBeGreaterThan(0);
    expect(await contents(first.copy.id)).toEqual(seeded);
    expect(await contents(second.copy.id)).toEqual(seeded);
    // No one works in the template: the account is a member of nothing, and each session sees only its own copy.
    expect(await t.db.membership.count({ where: { workspaceId: template.id } })).toBe(0);
    const owned = await as(first.cookie, async () => ownedWorkspaces(await requireUser()));
    expect(owned.map((w) => w.id)).toEqual([first.copy.id]);
  });

  it("points only at its own rows: no template id is left in its messages, facts, episodes or traces", async () => {
    const templateIds = new Set<string>();
    for (const row of await t.db.message.findMany({ where: { thread: { workspaceId: template.id } }, select: { id: true } })) templateIds.add(row.id);
    for (const row of await t.db.fact.findMany({ where: { page: { workspaceId: template.id } }, select: { id: true, pageId: true } })) templateIds.add(row.id).add(row.pageId);
    for (const row of await t.db.thread.findMany({ where: { workspaceId: template.id }, select: { id: true } })) templateIds.add(row.id);
    const copied = [
      ...(await t.db.turnTrace.findMany({ where: { thread: { workspaceId: first.copy.id } } })).map((row) => JSON.stringify([row.data, row.prompt, row.userMessageId, row.assistantMessageId])),
      ...(await t.db.message.findMany({ where: { thread: { workspaceId: first.copy.id } }, select: { parts: true } })).map((row) => JSON.stringify(row.parts)),
      ...(await t.db.fact.findMany({ where: { page: { workspaceId: first.copy.id } }, select: { messageId: true, threadId: true, supersededById: true } })).map((row) => JSON.stringify(row)),
    ].join("\n");
    const leftOver = [...copied.matchAll(ALL_IDS)].map(([id]) => id).filter((id) => templateIds.has(id));
    expect(leftOver).toEqual([]);
    // The seeded turns' traces still read as traces, with their tool calls.
    const long = await t.db.thread.findFirstOrThrow({ where: { workspaceId: first.copy.id, title: DEMO_TURNS.thread } });
    const traces = await t.db.turnTrace.findMany({ where: { threadId: long.id }, orderBy: { createdAt: "asc" } });
    expect(traces).toHaveLength(DEMO_TURNS.questions.length);
    const parsed = traces.map((row) => turnTraceSchema.parse({ ...(row.data as object), prompt: row.prompt }));
    expect(parsed[0].toolCalls.some((call) => call.name === "read_page")).toBe(true);
  });

  it("gives its long thread the template's buffer, and its support page an address of its own", async () => {
    const long = (workspaceId: string) => t.db.thread.findFirstOrThrow({ where: { workspaceId, title: DEMO_TURNS.thread } });
    const config = readConfig({});
    const fromTemplate = await previewNextTurn(t.db, config, template.id, (await long(template.id)).id);
    const fromCopy = await previewNextTurn(t.db, config, first.copy.id, (await long(first.copy.id)).id);
    const lines = (preview: typeof fromCopy) => preview.buffer.chosen.map((c) => [c.reason, c.fromSeq, c.toSeq, c.line]);
    expect(fromCopy.buffer.status).toBe("injected");
    expect(lines(fromCopy)).toEqual(lines(fromTemplate));
    expect((await supportWorkspace(t.db, first.copy.slug)).id).toBe(first.copy.id);
    expect((await supportWorkspace(t.db, DEMO_WORKSPACE_SLUG)).id).toBe(template.id);
  });

  it("keeps what one person does from everyone else, and a reset puts back only their own", async () => {
    const seeded = await contents(template.id);
    const theirs = await contents(second.copy.id);
    await t.db.thread.create({ data: { workspaceId: first.copy.id, title: "A bakery conversation" } });
    await t.db.fact.updateMany({ where: { page: { workspaceId: first.copy.id } }, data: { status: "REJECTED" } });
    await t.db.page.updateMany({ where: { workspaceId: first.copy.id }, data: { visibility: "PUBLIC" } });
    expect(await contents(first.copy.id)).not.toEqual(seeded);
    expect(await contents(second.copy.id)).toEqual(theirs);
    expect(await contents(template.id)).toEqual(seeded);

    await resetOwnDemo(t.db, first.copy);
    expect(await contents(first.copy.id)).toEqual(seeded);
    expect((await t.db.workspace.findUniqueOrThrow({ where: { id: first.copy.id } })).slug).toBe(first.copy.slug);
    expect(await contents(second.copy.id)).toEqual(theirs);
    expect(await contents(template.id)).toEqual(seeded);
  });

  it("keeps a workspace the session makes to itself, and refuses another session's copy", async () => {
    const scope = await as(first.cookie, requestScope);
    const made = await createWorkspace(t.db, scope.user.id, scope.sessionId, "Rosa's Bakery");
    expect(await t.db.membership.count({ where: { workspaceId: made.id } })).toBe(0);
    expect((await as(first.cookie, requestScope)).workspace.id).toBe(made.id);
    const theirs = await as(second.cookie, async () => ownedWorkspaces(await requireUser()));
    expect(theirs.map((w) => w.id)).toEqual([second.copy.id]);
    const secondScope = await as(second.cookie, requestScope);
    await expect(switchWorkspace(t.db, secondScope.user.id, secondScope.sessionId, first.copy.id)).rejects.toMatchObject({ code: "not_found:workspace" });
    await expect(switchWorkspace(t.db, secondScope.user.id, secondScope.sessionId, made.id)).rejects.toMatchObject({ code: "not_found:workspace" });
    await switchWorkspace(t.db, scope.user.id, scope.sessionId, first.copy.id);
    expect((await as(first.cookie, requestScope)).workspace.id).toBe(first.copy.id);
    // The template is no one's to reset, and neither is a workspace that is not a demo.
    await expect(resetOwnDemo(t.db, template)).rejects.toMatchObject({ code: "conflict:reset" });
    await expect(resetOwnDemo(t.db, made)).rejects.toMatchObject({ code: "conflict:reset" });
  });

  it("is made once when a new session's first requests arrive together", async () => {
    const cookie = await openTheDemo();
    const scopes = await as(cookie, () => Promise.all([requestScope(), requestScope(), requestScope()]));
    expect(new Set(scopes.map((s) => s.workspace.id)).size).toBe(1);
    expect(await t.db.workspace.count({ where: { sessionId: scopes[0].sessionId } })).toBe(1);
  });

  it("goes with its session when the session ends", async () => {
    const scope = await as(second.cookie, requestScope);
    await t.db.session.delete({ where: { id: scope.sessionId } });
    expect(await t.db.workspace.findUnique({ where: { id: second.copy.id } })).toBeNull();
    expect(await t.db.thread.count({ where: { workspaceId: second.copy.id } })).toBe(0);
    expect(await contents(template.id)).toEqual(await contents(first.copy.id));
  });
});
