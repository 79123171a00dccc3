-- Bounded reads: recall ranks pages, not every matching fact; search keeps
-- to one thread inside its index condition; a trace's prompt is stored apart
-- from the row that is listed and updated.
--
-- A search vector names its scope with one lexeme no text can produce (the
-- parsers split at ':'): "thread:<id>" on a message, "workspace:<id>" on a
-- page. A query ANDs that lexeme in, so the GIN index intersects the scope's
-- posting list with the words' and never returns another thread's or
-- workspace's rows to be filtered out.

-- DropIndex
DROP INDEX "Fact_searchVector_idx";

-- AlterTable
ALTER TABLE "Fact" DROP COLUMN "searchVector";

-- The message vector gains its thread's lexeme (the index goes with the column).
ALTER TABLE "Message" DROP COLUMN "searchVector";
ALTER TABLE "Message" ADD COLUMN "searchVector" tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', "text") || array_to_tsvector(ARRAY['thread:' || "threadId"])) STORED;
CREATE INDEX "Message_searchVector_idx" ON "Message" USING GIN ("searchVector");

-- AlterTable
ALTER TABLE "Page" ADD COLUMN     "searchVector" tsvector;

-- AlterTable
ALTER TABLE "TurnTrace" ADD COLUMN     "prompt" JSONB;

-- CreateIndex
CREATE INDEX "Fact_pageId_createdAt_id_idx" ON "Fact"("pageId", "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Page_searchVector_idx" ON "Page" USING GIN ("searchVector");

-- A page's search vector: its title (weight A), then the text of its newest
-- live facts, confirmed (B) and pending (C), so a customer's recall can match
-- and rank on confirmed text alone, and its workspace's lexeme (without a
-- position, so it adds nothing to a rank). The newest 20 facts only: a page's
-- vector, and the work of ranking it, stay bounded however many facts it
-- gathers (a vector of 20 facts mostly fits in its row, where one of 50 is
-- stored out of line and costs twice as much to rank), and recall shows a
-- page's newest 8 facts anyway. Null while no fact is live, so such a page is
-- never recalled.
CREATE FUNCTION "page_search_vector"(page_id TEXT) RETURNS tsvector
LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN count(*) = 0 THEN NULL ELSE
        (SELECT setweight(to_tsvector('english', p.title), 'A') || array_to_tsvector(ARRAY['workspace:' || p."workspaceId"])
         FROM "Page" p WHERE p.id = page_id)
        || setweight(to_tsvector('english', coalesce(string_agg(f.key || ' ' || f.text, ' ') FILTER (WHERE f.status = 'CONFIRMED'), '')), 'B')
        || setweight(to_tsvector('english', coalesce(string_agg(f.key || ' ' || f.text, ' ') FILTER (WHERE f.status = 'PENDING'), '')), 'C')
    END
    FROM (
        SELECT key, text, status FROM "Fact"
        WHERE "pageId" = page_id AND status IN ('CONFIRMED', 'PENDING')
        ORDER BY "createdAt" DESC, id
        LIMIT 20
    ) f
$$;

-- Kept by statement-level triggers on Fact: one refresh per page a statement
-- touched, however many of its facts it wrote.
CREATE FUNCTION "fact_refresh_page_search"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE "Page" p SET "searchVector" = "page_search_vector"(p.id)
        WHERE p.id IN (SELECT DISTINCT "pageId" FROM new_facts);
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE "Page" p SET "searchVector" = "page_search_vector"(p.id)
        WHERE p.id IN (SELECT DISTINCT "pageId" FROM old_facts);
    ELSE
        UPDATE "Page" p SET "searchVector" = "page_search_vector"(p.id)
        WHERE p.id IN (
            SELECT n."pageId" FROM new_facts n JOIN old_facts o ON o.id = n.id
            WHERE (n.status, n.key, n.text, n."pageId", n."createdAt") IS DISTINCT FROM (o.status, o.key, o.text, o."pageId", o."createdAt")
            UNION
            SELECT o."pageId" FROM new_facts n JOIN old_facts o ON o.id = n.id
            WHERE n."pageId" IS DISTINCT FROM o."pageId"
        );
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER "Fact_page_search_insert" AFTER INSERT ON "Fact"
    REFERENCING NEW TABLE AS new_facts FOR EACH STATEMENT EXECUTE FUNCTION "fact_refresh_page_search"();
CREATE TRIGGER "Fact_page_search_update" AFTER UPDATE ON "Fact"
    REFERENCING OLD TABLE AS old_facts NEW TABLE AS new_facts FOR EACH STATEMENT EXECUTE FUNCTION "fact_refresh_page_search"();
CREATE TRIGGER "Fact_page_search_delete" AFTER DELETE ON "Fact"
    REFERENCING OLD TABLE AS old_facts FOR EACH STATEMENT EXECUTE FUNCTION "fact_refresh_page_search"();

-- Backfill
UPDATE "Page" p SET "searchVector" = "page_search_vector"(p.id);

-- A trace's prompt moves to its own column.
UPDATE "TurnTrace" SET "prompt" = "data" -> 'prompt', "data" = "data" - 'prompt' WHERE "data" ? 'prompt';
