import { notFound } from "next/navigation";
import { z } from "zod";
import { ChatView } from "@/components/chat/chat-view";
import { previewNextTurn } from "@/lib/agent/preview";
import { readConfig } from "@/lib/config";
import { chooseModels } from "@/lib/models";
import { toUIMessage } from "@/lib/threads/messages";
import { countThreadMemory } from "@/lib/pages/memory";
import { findThread } from "@/lib/threads/queries";
import { turnInFlight } from "@/lib/threads/turn-lease";
import { memoryNotesByReply } from "@/lib/traces/queries";
import { pageScope } from "@/lib/workspaces/current";

/** `?seq=<n>`: a link to one message (from a fact, an episode or a search match); anything else is ignored. */
const searchSchema = z.object({ seq: z.coerce.number().int().positive().optional() });

export default async function ThreadPage(props: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await props.params;
  const query = searchSchema.safeParse(await props.searchParams);
  const seq = query.success ? query.data.seq : undefined;
  const { db, workspace } = await pageScope();
  const found = await findThread(db, workspace.id, id, { aroundSeq: seq });
  if (!found) notFound();
  const config = readConfig();
  const model = chooseModels(config).chat;
  const { thread, messages } = found;
  const replies = messages.filter((m) => m.role === "ASSISTANT").map((m) => m.id);
  const [preview, notes, remembered, inFlight] = await Promise.all([
    previewNextTurn(db, config, workspace.id, thread.id),
    memoryNotesByReply(db, workspace.id, thread.id, replies),
    countThreadMemory(db, workspace.id, thread.id),
    turnInFlight(db, thread.id),
  ]);
  // A link to a message the thread never had (?seq=999) says so rather than silently opening somewhere else.
  const missingSeq = seq !== undefined && seq > thread.lastSeq ? seq : null;
  return (
    <ChatView
      // A new stretch of messages is a new conversation view; the latest one keeps its state across refreshes.
      key={`${thread.id}:${found.latest ? "latest" : seq}`}
      thread={{
        id: thread.id,
        title: thread.title,
        kind: thread.kind,
        messageCount: thread.lastSeq,
        turnInFlight: inFlight,
        keepOutOfMemory: thread.keepOutOfMemory,
        remembered,
      }}
      initialMessages={messages.map((m) => ({ ...toUIMessage(m), metadata: { seq: m.seq, speaker: m.speaker, interrupted: m.status === "INTERRUPTED" } }))}
      initialNotes={notes}
      missingSeq={missingSeq}
      shown={{ latest: found.latest, hasOlder: found.hasOlder, hasNewer: found.hasNewer }}
      highlightSeq={missingSeq === null ? (seq ?? null) : null}
      model={{ kind: model.kind, label: model.label, toolsUnavailable: model.runtime.learned.tools.supported === false ? (model.runtime.learned.tools.reason ?? "the model takes no tools") : null }}
      window={config.window}
      readOnly={
        thread.kind === "SUPPORT"
          ? thread.visitorId
            ? "A customer's conversation from the public support page: only they write in it."
            : "A customer's conversation: the owner reads it here, only the customer writes in it."
          : undefined
      }
      preview={preview.buffer.status === "not-needed" ? null : preview}
    />
  );
}
