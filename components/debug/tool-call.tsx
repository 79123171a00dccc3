import Link from "next/link";
import {
  readPageInputSchema,
  readPageOutputSchema,
  searchHistoryInputSchema,
  searchHistoryOutputSchema,
} from "@/lib/contracts/tools";
import type { TurnTraceData } from "@/lib/contracts/trace";
import { FactStatusBadge } from "@/components/pages/fact-status";
import { Badge } from "@/components/ui/badge";
import { plural } from "@/components/ui/format";
import { PageLink } from "@/components/ui/page-link";
import { messageHref } from "@/components/ui/routes";

type ToolCall = TurnTraceData["toolCalls"][number];

function ReadPageCall({ call, pageIds }: { call: ToolCall; pageIds: Record<string, string> }) {
  const input = readPageInputSchema.safeParse(call.input);
  const output = readPageOutputSchema.safeParse(call.output);
  const title = output.success ? output.data.title : input.success ? input.data.title : "?";
  return (
    <>
      <p>
        Opened <PageLink title={title} id={pageIds[title]} />
      </p>
      {output.success &&
        (output.data.found ? (
          <div>
            <p className="text-xs text-slate-500">{plural(output.data.facts.length, "fact")} returned</p>
            <ul className="mt-1 space-y-1">
              {output.data.facts.map((fact) => (
                <li key={fact.id} className="flex items-start gap-2 text-xs">
                  <FactStatusBadge status={fact.status} />
                  <span>
                    {fact.text} <span className="text-slate-500">({fact.day}, #{fact.messageSeq})</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-xs text-amber-700">No page has that title.</p>
        ))}
    </>
  );
}

function SearchCall({ call, threadId }: { call: ToolCall; threadId: string }) {
  // Only the query is shown, so traces saved before `limit` was required still read.
  const input = searchHistoryInputSchema.pick({ query: true }).safeParse(call.input);
  const output = searchHistoryOutputSchema.safeParse(call.output);
  return (
    <>
      <p>
        Searched for <q className="font-medium">{input.success ? input.data.query : "?"}</q>
        {output.success && <span className="text-slate-500"> · {plural(output.data.total, "match", "matches")}</span>}
      </p>
      {output.success && output.data.matches.length > 0 && (
        <ul className="space-y-1 text-xs">
          {output.data.matches.map((match) => (
            <li key={match.seq}>
              <Link href={messageHref(threadId, match.seq)} className="font-medium text-indigo-700 underline underline-offset-2">
                #{match.seq}
              </Link>{" "}
              <span className="text-slate-500">
                {match.day} · {match.speaker.toLowerCase()}
              </span>{" "}
              {match.snippet}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One tool call: what it asked for and what came back, readable first, the raw JSON underneath. */
export function ToolCallView({ call, pageIds, threadId }: { call: ToolCall; pageIds: Record<string, string>; threadId: string }) {
  return (
    <li className="space-y-1.5 rounded-md p-3 ring-1 ring-slate-200 ring-inset" data-testid="tool-call">
      <Badge tone="amber">{call.name}</Badge>
      {call.reason && (
        <p className="text-xs text-slate-600 italic" data-testid="tool-call-reason">
          Why: {call.reason}
        </p>
      )}
      {call.name === "read_page" && <ReadPageCall call={call} pageIds={pageIds} />}
      {call.name === "search_chat_history" && <SearchCall call={call} threadId={threadId} />}
      <details className="text-xs">
        <summary className="cursor-pointer text-slate-500">Arguments and result (JSON)</summary>
        <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 whitespace-pre-wrap">
          {JSON.stringify({ arguments: call.input, result: call.output }, null, 2)}
        </pre>
      </details>
    </li>
  );
}
