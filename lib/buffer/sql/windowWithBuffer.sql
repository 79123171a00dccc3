-- The window and the buffer's episodes in one statement: the last $2 messages of thread $1 and, only when that read is
-- full (older messages exist), the thread's first episode and the $3 episodes ending before the window's oldest
-- message (both index reads on (threadId, toSeq)), how many episodes end before it (an index range count, so a gap can
-- say how many lines it leaves out) and the $4 folds ending before it. Timestamps inside json are UTC wall-clock text.
-- Each episode read is its own subquery: a CTE both shared would be materialised, reading every episode of the thread
-- on every turn. An episode's pointer counts are kept on it by triggers (the episode_pointer_marks migration).
-- @param $1:threadId
-- @param $2:window
-- @param $3:maxLines
-- @param $4:foldLimit 0 with folds off
WITH w AS (
  SELECT id, "threadId", seq, role, speaker, status, text, parts, "createdAt"
  FROM "Message" WHERE "threadId" = $1 ORDER BY seq DESC LIMIT $2
), bounds AS (SELECT min(seq) AS start, count(*) AS n FROM w)
SELECT
  (SELECT coalesce(json_agg(w ORDER BY seq), '[]'::json) FROM w) AS messages,
  (SELECT row_to_json(f) FROM (
    SELECT e.id, e."fromSeq", e."toSeq", e."fromAt", e."toAt", e.gist, e."ownerGist", e.pages,
      e."pointerCount" AS pointers, e."rejectedPointers" AS rejected, e."supersededPointers" AS superseded
    FROM "Episode" e, bounds WHERE e."threadId" = $1 AND bounds.n = $2
    ORDER BY e."toSeq" ASC LIMIT 1
  ) f) AS first,
  (SELECT coalesce(json_agg(r ORDER BY "toSeq" DESC), '[]'::json) FROM (
    SELECT e.id, e."fromSeq", e."toSeq", e."fromAt", e."toAt", e.gist, e."ownerGist", e.pages,
      e."pointerCount" AS pointers, e."rejectedPointers" AS rejected, e."supersededPointers" AS superseded
    FROM "Episode" e, bounds WHERE e."threadId" = $1 AND bounds.n = $2 AND e."toSeq" < bounds.start
    ORDER BY e."toSeq" DESC LIMIT $3
  ) r) AS recent,
  (SELECT count(*)::int FROM "Episode" e, bounds
    WHERE e."threadId" = $1 AND bounds.n = $2 AND e."toSeq" < bounds.start) AS "endedBefore",
  (SELECT coalesce(json_agg(d ORDER BY "toSeq" DESC), '[]'::json) FROM (
    SELECT id, "fromSeq", "toSeq", "fromAt", "toAt", gist, pages FROM "EpisodeFold", bounds
    WHERE "threadId" = $1 AND bounds.n = $2 AND "toSeq" < bounds.start ORDER BY "toSeq" DESC LIMIT $4
  ) d) AS folds
