import type { Db } from "@/lib/db/client";

// A workspace of any size, written with generate_series in a few statements
// (100,000 messages in one insert, not one by one), for checking that what a
// page or an endpoint sends does not grow with the data behind it.

export type BulkSize = {
  /** Messages in the workspace's long thread. */
  messages: number;
  /** Further threads, each with two messages. */
  threads: number;
  pages: number;
  /** Facts on each page: a third pending, the rest confirmed. */
  factsPerPage: number;
  /** Episodes of the long thread, eight messages each, every one pointing at a fact of the first page. */
  episodes: number;
};

export type BulkWorkspace = { workspaceId: string; slug: string; longThreadId: string; firstPageId: string };

/** An id of the shape the database hands out (cuid: "c" and 24 lowercase letters and digits), fixed by a name. */
const idSql = (name: string) => `'c' || substr(md5(${name}), 1, 24)`;

export async function seedBulkWorkspace(db: Db, slug: string, size: BulkSize): Promise<BulkWorkspace> {
  const workspace = await db.workspace.create({ data: { slug, name: `${slug} Co` } });
  const w = workspace.id;
  const long = `c${slug.replace(/[^a-z0-9]/g, "").slice(0, 8).padEnd(8, "0")}long000000000000`;
  const start = "timestamp '2026-09-01 09:00:00'";
  await db.$executeRawUnsafe(
    `INSERT INTO "Thread" (id, "workspaceId", title, kind, "createdAt", "updatedAt", "lastSeq", "consolidatedSeq")
     VALUES ($1, $2, 'The long thread', 'OWNER', ${start}, now(), $3, $4)`,
    long,
    w,
    size.messages,
    size.episodes * 8,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "Message" (id, "threadId", seq, role, speaker, text, parts, "createdAt")
     SELECT ${idSql(`$1 || g::text`)}, $1, g,
            (CASE WHEN g % 2 = 1 THEN 'USER' ELSE 'ASSISTANT' END)::"Role",
            (CASE WHEN g % 2 = 1 THEN 'OWNER' ELSE 'AGENT' END)::"Speaker",
            'Message number ' || lpad(g::text, 6, '0') || ' about the bakery''s orders, suppliers and the second location.',
            jsonb_build_array(jsonb_build_object('type', 'text', 'text',
              'Message number ' || lpad(g::text, 6, '0') || ' about the bakery''s orders, suppliers and the second location.')),
            ${start} + g * interval '1 minute'
     FROM generate_series(1, $2::int) AS g`,
    long,
    size.messages,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "Thread" (id, "workspaceId", title, kind, "createdAt", "updatedAt", "lastSeq")
     SELECT ${idSql(`$1 || 'thread' || g::text`)}, $1, 'Thread number ' || lpad(g::text, 5, '0'), 'OWNER', ${start}, ${start} + g * interval '1 second', 2
     FROM generate_series(1, $2::int) AS g`,
    w,
    size.threads,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "Message" (id, "threadId", seq, role, speaker, text, parts)
     SELECT ${idSql(`t.id || s::text`)}, t.id, s, (CASE WHEN s = 1 THEN 'USER' ELSE 'ASSISTANT' END)::"Role",
            (CASE WHEN s = 1 THEN 'OWNER' ELSE 'AGENT' END)::"Speaker", 'A short exchange.', '[{"type":"text","text":"A short exchange."}]'::jsonb
     FROM "Thread" t CROSS JOIN generate_series(1, 2) AS s
     WHERE t."workspaceId" = $1 AND t.id <> $2`,
    w,
    long,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "Page" (id, "workspaceId", title, "createdAt", "updatedAt")
     SELECT ${idSql(`$1 || 'page' || g::text`)}, $1, 'Page number ' || lpad(g::text, 5, '0'), ${start}, ${start} + g * interval '1 second'
     FROM generate_series(1, $2::int) AS g`,
    w,
    size.pages,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "Fact" (id, "pageId", key, text, source, status, "threadId", "messageId", "createdAt", "updatedAt")
     SELECT ${idSql(`p.id || 'fact' || f::text`)}, p.id, 'subject ' || f, 'Fact number ' || f || ' on ' || p.title || ': the supplier delivers on Tuesdays.',
            (CASE WHEN f % 3 = 0 THEN 'AGENT' ELSE 'OWNER' END)::"FactSource",
            (CASE WHEN f % 3 = 0 THEN 'PENDING' ELSE 'CONFIRMED' END)::"FactStatus",
            $2, ${idSql(`$2 || '1'`)}, ${start} + f * interval '1 second', ${start}
     FROM "Page" p CROSS JOIN generate_series(1, $3::int) AS f
     WHERE p."workspaceId" = $1`,
    w,
    long,
    size.factsPerPage,
  );
  const firstPageId = (await db.page.findFirstOrThrow({ where: { workspaceId: w, title: "Page number 00001" } })).id;
  await db.$executeRawUnsafe(
    `INSERT INTO "Episode" (id, "threadId", "fromSeq", "toSeq", "fromAt", "toAt", gist, pages)
     SELECT ${idSql(`$1 || 'episode' || g::text`)}, $1, (g - 1) * 8 + 1, g * 8, ${start} + ((g - 1) * 8 + 1) * interval '1 minute', ${start} + g * 8 * interval '1 minute',
            'The owner went over orders and suppliers, stretch ' || lpad(g::text, 5, '0') || '.', ARRAY['Page number 00001']
     FROM generate_series(1, $2::int) AS g`,
    long,
    size.episodes,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "EpisodeFact" ("episodeId", "factId")
     SELECT e.id, (SELECT f.id FROM "Fact" f WHERE f."pageId" = $2 ORDER BY f."createdAt" LIMIT 1)
     FROM "Episode" e WHERE e."threadId" = $1`,
    long,
    firstPageId,
  );
  return { workspaceId: w, slug, longThreadId: long, firstPageId };
}

/** Copies one real trace `count` times onto a thread, a second apart, as if that many turns had run. */
export async function copyTrace(db: Db, traceId: string, count: number): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO "TurnTrace" (id, "threadId", "userMessageId", "assistantMessageId", "modelId", data, "createdAt")
     SELECT ${idSql(`t.id || g::text`)}, t."threadId", t."userMessageId", t."assistantMessageId", t."modelId", t.data, t."createdAt" - g * interval '1 second'
     FROM "TurnTrace" t CROSS JOIN generate_series(1, $2::int) AS g
     WHERE t.id = $1`,
    traceId,
    count,
  );
}
