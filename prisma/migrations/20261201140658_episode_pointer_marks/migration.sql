-- AlterTable
ALTER TABLE "Episode" ADD COLUMN     "pointerCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rejectedPointers" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "supersededPointers" INTEGER NOT NULL DEFAULT 0;

-- A line's marks (§10 reconsolidation: every record rejected, or one
-- corrected since) come from its pointers' statuses. Counting them at read
-- time joined every pointer of every line shown on every turn; they are kept
-- on the episode instead, refreshed when pointers are written or a pointed-at
-- record's status changes, both rare next to reads.
CREATE FUNCTION "episode_refresh_marks"(episode_ids TEXT[]) RETURNS void
LANGUAGE sql AS $$
    UPDATE "Episode" e SET
        "pointerCount" = c.pointers, "rejectedPointers" = c.rejected, "supersededPointers" = c.superseded
    FROM (
        SELECT ids.id,
            count(p."factId")::int AS pointers,
            (count(p."factId") FILTER (WHERE f.status = 'REJECTED'))::int AS rejected,
            (count(p."factId") FILTER (WHERE f.status = 'SUPERSEDED'))::int AS superseded
        FROM unnest(episode_ids) AS ids(id)
        LEFT JOIN "EpisodeFact" p ON p."episodeId" = ids.id
        LEFT JOIN "Fact" f ON f.id = p."factId"
        GROUP BY ids.id
    ) c
    WHERE e.id = c.id;
$$;

CREATE FUNCTION "episode_fact_refresh_marks"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM "episode_refresh_marks"(ARRAY(SELECT DISTINCT "episodeId" FROM new_pointers));
    ELSE
        PERFORM "episode_refresh_marks"(ARRAY(SELECT DISTINCT "episodeId" FROM old_pointers));
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION "fact_status_refresh_marks"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM "episode_refresh_marks"(ARRAY(
        SELECT DISTINCT p."episodeId" FROM new_facts n JOIN old_facts o ON o.id = n.id
        JOIN "EpisodeFact" p ON p."factId" = n.id
        WHERE n.status IS DISTINCT FROM o.status
    ));
    RETURN NULL;
END
$$;

CREATE TRIGGER "EpisodeFact_marks_insert" AFTER INSERT ON "EpisodeFact"
    REFERENCING NEW TABLE AS new_pointers FOR EACH STATEMENT EXECUTE FUNCTION "episode_fact_refresh_marks"();
CREATE TRIGGER "EpisodeFact_marks_delete" AFTER DELETE ON "EpisodeFact"
    REFERENCING OLD TABLE AS old_pointers FOR EACH STATEMENT EXECUTE FUNCTION "episode_fact_refresh_marks"();
CREATE TRIGGER "Fact_marks_update" AFTER UPDATE ON "Fact"
    REFERENCING OLD TABLE AS old_facts NEW TABLE AS new_facts FOR EACH STATEMENT EXECUTE FUNCTION "fact_status_refresh_marks"();

-- Backfill
SELECT "episode_refresh_marks"(ARRAY(SELECT id FROM "Episode"));
