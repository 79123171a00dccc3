import { notFound } from "next/navigation";
import { ChatView } from "@/components/chat/chat-view";
import { readConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { chooseModel } from "@/lib/models";
import { toUIMessage } from "@/lib/threads/messages";
import { findThread } from "@/lib/threads/queries";
import { currentWorkspace } from "@/lib/workspaces/current";

export default async function ThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const db = await getDb();
  const workspace = await currentWorkspace(db);
  const found = await findThread(db, workspace.id, (await params).id);
  if (!found) notFound();
  const config = readConfig();
  return (
    <ChatView
      thread={{ id: found.thread.id, title: found.thread.title, kind: found.thread.kind, messageCount: found.thread.lastSeq }}
      initialMessages={found.messages.map(toUIMessage)}
      modelLabel={chooseModel(config).label}
      window={config.window}
    />
  );
}
