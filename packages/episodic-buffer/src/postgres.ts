// The store on plain PostgreSQL: one table, three statements, through any
// client with a `query(text, params)` that returns `{ rows }` (pg's Pool and
// Client, PGlite). The README shows the same SQL for anyone writing their own.
import { linePages, type EpisodeStore, type Pointer, type SavedEpisode } from "./store.ts";
import type { EpisodeLine } from "./types.ts";

/**
 * One row per consolidated stretch, unique on (thread_id, to_seq): the key a
 * retried write replaces itself under, and the index both reads walk. The
 * pages its pointers lead to are kept on the row, so reading a line back joins
 * nothing.
 */
export const EPISODE_TABLE_SQL = `CREATE TABLE IF NOT EXISTS episode (
  id        text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  thread_id text NOT NULL,
  from_seq  integer NOT NULL,
  to_seq    integer NOT NULL,
  from_at   timestamptz NOT NULL,
  to_at     timestamptz NOT NULL,
  gist      text NOT NULL,
  pointers  text[] NOT NULL DEFAULT '{}',
  pages     text[] NOT NULL DEFAULT '{}',
  UNIQUE (thread_id, to_seq)
);`;

const LINE = "id, from_seq, to_seq, from_at, to_at, gist, pages";

/** The statements the store runs, $1… in the order shown by each comment. */
export const EPISODE_SQL = {
  /** $1 thread */
  first: `SELECT ${LINE} FROM episode WHERE thread_id = $1 ORDER BY to_seq ASC LIMIT 1`,
  /** $1 thread, $2 the window's first message, $3 how many */
  before: `SELECT ${LINE} FROM episode WHERE thread_id = $1 AND to_seq < $2 ORDER BY to_seq DESC LIMIT $3`,
  /** $1 thread, $2 from_seq, $3 to_seq, $4 from_at, $5 to_at, $6 gist, $7 pointers, $8 pages */
  upsert: `INSERT INTO episode (thread_id, from_seq, to_seq, from_at, to_at, gist, pointers, pages)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (thread_id, to_seq) DO UPDATE SET
  from_seq = excluded.from_seq, from_at = excluded.from_at, to_at = excluded.to_at,
  gist = excluded.gist, pointers = excluded.pointers, pages = excluded.pages
RETURNING id`,
} as const;

/** A client's query: pg's `pool.query`, PGlite's `db.query`. */
export type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

export type PostgresOptions = {
  query: Query;
  /**
   * The pages your memory filed the given records on, in filing order (a
   * query over your own records table). Unless given, a pointer is the
   * page's own title.
   */
  resolvePointers?: (pointers: readonly string[]) => Promise<Pointer[]>;
};

type Row = { id: string; from_seq: number; to_seq: number; from_at: Date | string; to_at: Date | string; gist: string; pages: string[] };

const toLine = (row: Row): EpisodeLine => ({
  id: row.id,
  fromSeq: row.from_seq,
  toSeq: row.to_seq,
  fromAt: new Date(row.from_at),
  toAt: new Date(row.to_at),
  gist: row.gist,
  pages: row.pages,
  marks: [],
});

/** Creates the table when it is missing; the statement is EPISODE_TABLE_SQL. */
export async function createEpisodeTable(query: Query): Promise<void> {
  await query(EPISODE_TABLE_SQL, []);
}

export function postgresEpisodeStore({ query, resolvePointers = async (pointers) => [...new Set(pointers)].map((id) => ({ id, page: id })) }: PostgresOptions): EpisodeStore {
  return {
    async firstEpisode(threadId) {
      const { rows } = await query(EPISODE_SQL.first, [threadId]);
      return rows[0] ? toLine(rows[0] as Row) : null;
    },
    async episodesBefore(threadId, beforeSeq, limit) {
      const { rows } = await query(EPISODE_SQL.before, [threadId, beforeSeq, Math.max(0, limit)]);
      return (rows as Row[]).map(toLine);
    },
    async upsertEpisode({ pointers, ...episode }) {
      const resolved = await resolvePointers(pointers);
      const { threadId, fromSeq, toSeq, fromAt, toAt, gist } = episode;
      const { rows } = await query(EPISODE_SQL.upsert, [threadId, fromSeq, toSeq, fromAt, toAt, gist, resolved.map((p) => p.id), linePages(resolved)]);
      return { ...episode, id: (rows[0] as { id: string }).id, pointers: resolved } satisfies SavedEpisode;
    },
    resolvePointers,
  };
}
