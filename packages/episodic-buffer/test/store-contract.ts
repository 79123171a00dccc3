// What every EpisodeStore must do, run against each adapter: the in-memory
// and PostgreSQL ones here, the reference app's Prisma adapter in its own tests.
import { describe, expect, it } from "vitest";
import type { EpisodeRecord, EpisodeStore } from "../src/index.ts";

export type StoreUnderTest = {
  store: EpisodeStore;
  /** A thread the store may hold episodes of. */
  newThread: () => Promise<string>;
  /** Files a record on `page` in the agent's memory and returns its id: what a pointer names. */
  fileRecord: (threadId: string, page: string) => Promise<string>;
  /** A well-formed pointer that names no record. */
  missingPointer: string;
};

const at = (seq: number) => new Date(Date.UTC(2026, 9, 2, 9, seq));

export function describeEpisodeStore(name: string, open: () => Promise<StoreUnderTest>) {
  describe(`${name}: the episode store`, () => {
    const record = (threadId: string, fromSeq: number, toSeq: number, gist: string, pointers: string[] = []): EpisodeRecord => ({
      threadId,
      fromSeq,
      toSeq,
      fromAt: at(fromSeq),
      toAt: at(toSeq),
      gist,
      pointers,
    });

    it("has nothing to show for a thread with no episode", async () => {
      const { store, newThread } = await open();
      const thread = await newThread();
      expect(await store.firstEpisode(thread)).toBeNull();
      expect(await store.episodesBefore(thread, 100, 12)).toEqual([]);
    });

    it("reads back the first stretch, and the N ending before a message, newest first", async () => {
      const { store, newThread } = await open();
      const thread = await newThread();
      // Written out of order: a store orders by the stretch, never by when it was written.
      for (const n of [3, 1, 4, 2, 5]) await store.upsertEpisode(record(thread, 10 * n - 9, 10 * n, `stretch ${n}`));
      expect(await store.firstEpisode(thread)).toMatchObject({ fromSeq: 1, toSeq: 10, gist: "stretch 1", fromAt: at(1), toAt: at(10), marks: [] });
      const before = await store.episodesBefore(thread, 41, 2);
      expect(before.map((e) => e.gist)).toEqual(["stretch 4", "stretch 3"]);
      expect((await store.episodesBefore(thread, 40, 12)).map((e) => e.toSeq)).toEqual([30, 20, 10]);
      expect(await store.episodesBefore(thread, 10, 12)).toEqual([]);
    });

    it("replaces a retried write under the same (thread, to), keeping its id", async () => {
      const { store, newThread, fileRecord } = await open();
      const thread = await newThread();
      const first = await store.upsertEpisode(record(thread, 1, 8, "The owner asked about leases"));
      const lease = await fileRecord(thread, "Lease");
      const again = await store.upsertEpisode(record(thread, 1, 8, "The owner chose the Main St lease", [lease]));
      expect(again.id).toBe(first.id);
      expect(await store.episodesBefore(thread, 9, 12)).toEqual([
        { id: first.id, fromSeq: 1, toSeq: 8, fromAt: at(1), toAt: at(8), gist: "The owner chose the Main St lease", pages: ["Lease"], marks: [] },
      ]);
    });

    it("leads each pointer to its page, each page once in filing order, and drops a pointer naming nothing", async () => {
      const { store, newThread, fileRecord, missingPointer } = await open();
      const thread = await newThread();
      const budget = await fileRecord(thread, "Budget");
      const lease = await fileRecord(thread, "Lease");
      const rent = await fileRecord(thread, "Budget");
      const saved = await store.upsertEpisode(record(thread, 1, 6, "Budget and lease", [budget, lease, rent, missingPointer]));
      expect(saved.pointers).toEqual([
        { id: budget, page: "Budget" },
        { id: lease, page: "Lease" },
        { id: rent, page: "Budget" },
      ]);
      expect((await store.firstEpisode(thread))?.pages).toEqual(["Budget", "Lease"]);
      expect(await store.resolvePointers([lease, missingPointer])).toEqual([{ id: lease, page: "Lease" }]);
    });

    it("keeps each thread's episodes to itself", async () => {
      const { store, newThread } = await open();
      const [a, b] = [await newThread(), await newThread()];
      await store.upsertEpisode(record(a, 1, 10, "in a"));
      await store.upsertEpisode(record(b, 1, 10, "in b"));
      expect((await store.firstEpisode(a))?.gist).toBe("in a");
      expect((await store.episodesBefore(b, 100, 12)).map((e) => e.gist)).toEqual(["in b"]);
    });
  });
}
