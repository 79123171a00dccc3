-- Messages of thread $1 before $4 holding at least $6 of the words, most words first, then full-text rank, then the
-- newest, among the newest $5 messages holding any of them; total counts those that qualify, searched those ranked.
-- The query is written out where it is used, not joined from a CTE, so the planner sees its words: for common ones it
-- walks the thread newest first and stops at the cap, for rare ones it takes the GIN index. The thread's own lexeme
-- ANDed into the query keeps the GIN scan to this thread.
-- @param $1:threadId
-- @param $2:words each its own lexeme, so nothing typed reaches query syntax
-- @param $3:anyWord the words joined by " | "
-- @param $4:beforeSeq
-- @param $5:candidates
-- @param $6:atLeast
-- @param $7:limit
WITH words AS MATERIALIZED (SELECT to_tsquery('simple', w) AS word FROM unnest($2::text[]) AS w),
candidates AS (
  SELECT seq, "searchVector"
  FROM "Message"
  WHERE "threadId" = $1 AND seq < $4
    AND "searchVector" @@ (to_tsquery('simple', $3) && quote_literal('thread:' || $1::text)::tsquery)
  ORDER BY seq DESC
  LIMIT $5
),
hits AS MATERIALIZED (
  SELECT seq,
    (SELECT count(*)::int FROM words WHERE "searchVector" @@ words.word) AS matched,
    ts_rank("searchVector", to_tsquery('simple', $3)) AS rank
  FROM candidates
),
qualified AS (SELECT * FROM hits WHERE matched >= $6),
best AS (SELECT * FROM qualified ORDER BY matched DESC, rank DESC, seq DESC LIMIT $7)
SELECT m.seq, m."createdAt", m.speaker, m.text, best.matched,
  (SELECT count(*) FROM qualified) AS total, (SELECT count(*) FROM candidates) AS searched
FROM best JOIN "Message" m ON m."threadId" = $1 AND m.seq = best.seq
ORDER BY best.matched DESC, best.rank DESC, best.seq DESC
