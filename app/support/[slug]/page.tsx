import type { UIMessage } from "ai";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { SupportChat } from "@/components/support/support-chat";
import { getDb } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";
import { publishedTopics } from "@/lib/pages/queries";
import { supportWorkspace } from "@/lib/customers/scope";
import { visitorTranscript } from "@/lib/threads/visitors";
import { VISITOR_COOKIE, verifiedVisitorId } from "@/lib/customers/visitor";

export const metadata = { title: "Support chat" };

/** A business's public support chat: no sign-in; a visitor sees their own conversation and nothing else. */
export default async function SupportPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const db = await getDb();
  const workspace = await supportWorkspace(db, slug).catch((error: unknown) => {
    if (error instanceof RequestError && error.code === "not_found:workspace") notFound();
    throw error;
  });
  const visitorId = verifiedVisitorId((await cookies()).get(VISITOR_COOKIE)?.value);
  const [transcript, topics] = await Promise.all([visitorId ? visitorTranscript(db, workspace.id, visitorId) : [], publishedTopics(db, workspace.id)]);
  const initialMessages: UIMessage[] = transcript.map((m) => ({
    id: m.id,
    role: m.role === "USER" ? "user" : "assistant",
    parts: [{ type: "text", text: m.text }],
  }));
  return (
    <main className="mx-auto flex h-full max-w-2xl flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white px-6 py-4">
        <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">Support chat</p>
        <h1 className="mt-1 text-lg font-semibold" data-testid="support-business">
          {workspace.name}
        </h1>
        <p className="text-xs text-slate-500">You are chatting with the business&apos;s assistant. It answers from what the business has published.</p>
      </header>
      <SupportChat slug={workspace.slug} business={workspace.name} topics={topics} initialMessages={initialMessages} />
    </main>
  );
}
