import Link from "next/link";
import { QuestionActions } from "@/components/questions/question-actions";
import { dayAndTime, plural } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { messageHref } from "@/components/ui/routes";
import { cursorSchema } from "@/lib/contracts/cursor";
import type { QuestionStatus } from "@/lib/db/generated/client";
import { countOpenQuestions, listQuestions } from "@/lib/questions/store";
import { pageScope } from "@/lib/workspaces/current";

export const metadata = { title: "Unanswered questions · Episodic buffer" };

const TABS: { status: QuestionStatus; label: string; empty: string }[] = [
  { status: "OPEN", label: "Waiting", empty: "No customer is waiting on an answer. When the support chat cannot answer from what you published, the question lands here." },
  { status: "ANSWERED", label: "Answered", empty: "Nothing marked answered yet." },
  { status: "DISMISSED", label: "Dismissed", empty: "Nothing dismissed." },
];

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The owner's list of what customers asked, or claimed, that nothing published answered: each links to its conversation. */
export default async function QuestionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db, workspace } = await pageScope();
  const params = await searchParams;
  const tab = TABS.find((t) => t.status === one(params.status)) ?? TABS[0];
  // A cursor this app did not hand out starts the list from the top.
  const cursor = cursorSchema.safeParse(one(params.cursor) ?? "");
  const [questions, open] = await Promise.all([listQuestions(db, workspace.id, tab.status, cursor.success ? cursor.data : null), countOpenQuestions(db, workspace.id)]);
  return (
    <div>
      <PageHeader title="Unanswered questions">
        What customers asked {workspace.name}&apos;s support chat that nothing you published answers, and claims they made that only you can
        confirm. Each customer was told you would follow up. Their words are shown here as they typed them and are never filed into memory:
        publish a page with the answer so the chat can give it next time.
      </PageHeader>
      <div className="space-y-4 px-4 py-6 sm:px-8">
        <nav aria-label="Which questions" className="flex flex-wrap gap-2">
          {TABS.map((t) => (
            <Link
              key={t.status}
              href={t.status === "OPEN" ? "/questions" : `/questions?status=${t.status}`}
              aria-current={t.status === tab.status ? "page" : undefined}
              className={`rounded-full px-3 py-1 text-sm ring-1 ${t.status === tab.status ? "bg-indigo-50 font-medium text-indigo-800 ring-indigo-200" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
            >
              {t.label}
              {t.status === "OPEN" ? ` (${open})` : ""}
            </Link>
          ))}
        </nav>
        {questions.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600" data-testid="questions-empty">
            {tab.empty}
          </p>
        ) : (
          <ul className="max-w-4xl space-y-2" data-testid="questions-list">
            {questions.items.map((q) => (
              <li key={q.id} className="rounded-lg bg-white p-4 ring-1 ring-slate-200" data-testid="question-item" data-status={q.status}>
                <p className="text-sm whitespace-pre-wrap text-slate-900" data-testid="question-text">
                  {q.text}
                </p>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
                  <span>
                    Asked {dayAndTime(q.createdAt)} in{" "}
                    <Link href={messageHref(q.threadId, q.seq)} className="font-medium text-indigo-700 underline hover:text-indigo-900" data-testid="question-thread">
                      {q.threadTitle}
                    </Link>
                    {q.resolvedAt ? ` · ${q.status === "ANSWERED" ? "answered" : "dismissed"} ${dayAndTime(q.resolvedAt)}` : ""}
                  </span>
                  <QuestionActions questionId={q.id} status={q.status} question={q.text} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {questions.next && (
          <Link
            href={`/questions?${new URLSearchParams({ ...(tab.status === "OPEN" ? {} : { status: tab.status }), cursor: questions.next })}`}
            className="inline-block text-sm font-medium text-indigo-700 underline"
            data-testid="questions-more"
          >
            Older questions
          </Link>
        )}
        <p className="text-xs text-slate-600">{plural(open, "question")} waiting.</p>
      </div>
    </div>
  );
}
