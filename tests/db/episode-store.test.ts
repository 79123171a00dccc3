import { afterAll, beforeAll } from "vitest";
import { prismaEpisodeStore } from "@/lib/episodes/buffer-store";
import { fileFact } from "@/lib/pages/facts";
import { appendMessage } from "@/lib/threads/messages";
import { describeEpisodeStore } from "@/packages/episodic-buffer/test/store-contract";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// The app's store for the episodic-buffer package, held to the same contract
// as the package's own adapters: a pointer is a fact id, leading to its page.

let t: TestDb;
let workspaceId: string;
beforeAll(async () => {
  t = await openTestDb();
  workspaceId = (await t.db.workspace.create({ data: { slug: "episode-store", name: "Episode store" } })).id;
});
afterAll(() => t.close());

describeEpisodeStore("Prisma", async () => ({
  store: prismaEpisodeStore({ db: t.db }),
  newThread: async () => (await t.db.thread.create({ data: { workspaceId, title: "A thread" } })).id,
  fileRecord: async (threadId, page) => {
    const message = await appendMessage(t.db, threadId, { role: "USER", speaker: "OWNER", text: `A fact for ${page}.` });
    const filed = await t.db.$transaction((tx) =>
      fileFact(tx, { workspaceId, pageTitle: page, key: `fact ${message.seq}`, text: `A fact for ${page}.`, source: "OWNER", threadId, messageId: message.id, messageSeq: message.seq, replaces: null }),
    );
    return filed.fact.id;
  },
  missingPointer: "cunknownid0000000000000000",
}));
