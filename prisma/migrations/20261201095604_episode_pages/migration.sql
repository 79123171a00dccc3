-- AlterTable
ALTER TABLE "Episode" ADD COLUMN     "pages" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Backfill: the titles of the pages each episode's pointers lead to, in filing order
UPDATE "Episode" e SET "pages" = coalesce((
    SELECT array_agg(t.title ORDER BY t.filed)
    FROM (
        SELECT p.title, min(f."createdAt") AS filed
        FROM "EpisodeFact" ef
        JOIN "Fact" f ON f.id = ef."factId"
        JOIN "Page" p ON p.id = f."pageId"
        WHERE ef."episodeId" = e.id
        GROUP BY p.title
    ) t
), ARRAY[]::TEXT[]);
