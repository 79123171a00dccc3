import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { inMemoryEpisodeStore } from "../src/index.ts";
import { createEpisodeTable, postgresEpisodeStore } from "../src/postgres.ts";
import { describeEpisodeStore } from "./store-contract.ts";

let threads = 0;

describeEpisodeStore("in memory", async () => {
  const records = new Map<string, string>();
  return {
    store: inMemoryEpisodeStore({ pageOf: (id) => records.get(id) ?? null }),
    newThread: async () => `thread-${++threads}`,
    fileRecord: async (_thread, page) => {
      const id = `record-${records.size + 1}`;
      records.set(id, page);
      return id;
    },
    missingPointer: "record-none",
  };
});

// The documented SQL, run as written, with the agent's own records table beside it to resolve pointers.
const pg = new PGlite();
// A new PGlite runs initdb: seconds on a busy machine.
beforeAll(async () => {
  await createEpisodeTable((text, params) => pg.query(text, params));
  await pg.exec("CREATE TABLE record (id serial PRIMARY KEY, page text NOT NULL)");
}, 120_000);
afterAll(() => pg.close());

describeEpisodeStore("PostgreSQL", async () => {
  const query = (text: string, params: unknown[]) => pg.query(text, params);
  return {
    store: postgresEpisodeStore({
      query,
      resolvePointers: async (pointers) => {
        const { rows } = await pg.query<{ id: string; page: string }>("SELECT id::text, page FROM record WHERE id::text = ANY($1::text[]) ORDER BY id", [pointers]);
        return rows;
      },
    }),
    newThread: async () => `thread-${++threads}`,
    fileRecord: async (_thread, page) => (await pg.query<{ id: string }>("INSERT INTO record (page) VALUES ($1) RETURNING id::text", [page])).rows[0].id,
    missingPointer: "0",
  };
});
