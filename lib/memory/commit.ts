import { linePointers } from "episodic-buffer";
import type { Db } from "@/lib/db/client";
import type { EpisodeFold } from "@/lib/db/generated/client";
import { prismaEpisodeStore } from "@/lib/episodes/buffer-store";
import { closeEpisode, deleteEpisode, saveFold } from "@/lib/episodes/store";
import { changedDecisions, type LiveFact } from "@/lib/memory/changed-decision";
import type { Stretch } from "@/lib/memory/gather";
import type { Vetted } from "@/lib/memory/vet";
import { fileFacts, type FiledFact } from "@/lib/pages/facts";
import { offerSupersessions } from "@/lib/pages/supersession-offers";
import { advanceCursor } from "@/lib/threads/consolidation";

// The pass's fourth step: one transaction that writes what the vetting kept,
// through the tables' owners (threads move the cursor, pages file the facts,
// episodes save the line, through the episodic-buffer package's store, and the fold). It moves the cursor first, and only
// from where the pass read it, so of two passes over the same messages one
// writes and the other finds it raced.

export type Committed = {
  filed: FiledFact[];
  fold: EpisodeFold | null;
  episode: { id: string; fromSeq: number; gist: string; closed: boolean; pointers: { factId: string; page: string }[] } | null;
};

class CursorMovedError extends Error {
  constructor() {
    super("another pass covered these messages first");
  }
}

async function moveCursor(db: Parameters<typeof advanceCursor>[0], { thread, messages }: Stretch) {
  const moved = await advanceCursor(db, thread.id, { from: thread.consolidatedSeq, to: messages[messages.length - 1].seq });
  if (!moved) throw new CursorMovedError();
}

/** A stretch with nothing that may be filed: the cursor moves past it and nothing else is written. Throws when another pass moved it first. */
export async function commitCursorOnly(db: Db, stretch: Stretch): Promise<void> {
  await db.$transaction((tx) => moveCursor(tx, stretch));
}

/**
 * Writes the vetted filing; "raced" when another pass moved the cursor first,
 * and then nothing is written. A filed fact that looks like a changed decision
 * of one of the `live` facts the model was shown, under another key or page,
 * replaces nothing by itself: the owner is offered the supersession.
 */
export async function commit(db: Db, stretch: Stretch, vetted: Vetted, live: readonly LiveFact[] = []): Promise<Committed | "raced"> {
  try {
    return await db.$transaction(async (tx) => {
      await moveCursor(tx, stretch);
      const filed = await fileFacts(tx, vetted.facts);
      await offerSupersessions(tx, stretch.thread.workspaceId, changedDecisions(filed, live));
      if (vetted.closes) await closeEpisode(tx, vetted.closes);
      const fold = vetted.fold ? await saveFold(tx, vetted.fold) : null;
      if (!vetted.episode) return { filed, fold, episode: null };
      const { keptFactIds, replaces, ...episode } = vetted.episode;
      if (replaces) await deleteEpisode(tx, replaces);
      // The line points at the facts this pass filed and those the stretch it extends kept: never at what the model only proposed.
      const pointers = linePointers({ kept: keptFactIds, written: filed.map((f) => f.fact.id) });
      const saved = await prismaEpisodeStore({ tx }).upsertEpisode({ ...episode, pointers });
      const { id, fromSeq, gist } = saved;
      return { filed, fold, episode: { id, fromSeq, gist, closed: episode.closed, pointers: saved.pointers.map((p) => ({ factId: p.id, page: p.page })) } };
    });
  } catch (error) {
    if (error instanceof CursorMovedError) return "raced";
    throw error;
  }
}
