import Link from "next/link";
import type { BufferReport } from "@/lib/contracts/buffer-report";
import type { MemoryPassReport } from "@/lib/contracts/memory-pass-report";
import type { TurnTraceData } from "@/lib/contracts/trace";
import type { TurnTraceRecord } from "@/lib/traces/queries";
import { FactStatusBadge } from "@/components/pages/fact-status";
import { Badge, type Tone } from "@/components/ui/badge";
import { ms, plural, seqRange } from "@/components/ui/format";
import { PageLink } from "@/components/ui/page-link";
import { messageHref } from "@/components/ui/routes";
import { BudgetView, PassFitLine } from "@/components/debug/budget";
import { BufferBlock } from "@/components/debug/buffer-block";
import { ContextBar } from "@/components/debug/context-bar";
import { TimingsChart, TokenStats } from "@/components/debug/costs";
import { promptText } from "@/components/debug/prompt-text";
import { MemoryPassJobLine, memoryPassJobBadge } from "@/components/debug/memory-pass-job";
import { Field, Section } from "@/components/debug/section";
import { ThreadMap } from "@/components/debug/thread-map";
import { ToolCallView } from "@/components/debug/tool-call";

type PageIds = Record<string, string>;

const BUFFER_STATUS: Record<BufferReport["status"], { label: string; tone: Tone }> = {
  injected: { label: "Injected", tone: "emerald" },
  "not-needed": { label: "No buffer", tone: "slate" },
  "no-episodes": { label: "No episodes yet", tone: "amber" },
  "all-dropped": { label: "All lines dropped", tone: "red" },
};

const PASS_STATUS: Record<MemoryPassReport["status"], { label: string; tone: Tone }> = {
  filed: { label: "Filed", tone: "emerald" },
  "nothing-new": { label: "Nothing new", tone: "slate" },
  "untrusted-only": { label: "Untrusted speaker only", tone: "violet" },
  failed: { label: "Failed", tone: "red" },
  raced: { label: "Raced", tone: "amber" },
  "kept-out": { label: "Kept out of memory", tone: "slate" },
};

const LINE_MARK: Record<BufferReport["chosen"][number]["marks"][number], string> = {
  rejected: "records rejected",
  corrected: "record corrected since",
  "owner-edit": "owner's wording",
};

/** What the buffer section needs; a stored trace and the next turn's preview both have it. */
export type BufferView = Pick<TurnTraceData, "buffer" | "window" | "settings"> & {
  threadId: string;
  pageIds: PageIds;
  /** How many of the window's oldest messages the budget left out of the prompt. */
  windowCut?: number;
};

export function BufferSection({ view }: { view: BufferView }) {
  const { buffer, window, settings, pageIds, threadId, windowCut } = view;
  const status = BUFFER_STATUS[buffer.status];
  return (
    <Section title="Buffer" meta={<Badge tone={status.tone} testId="buffer-status">{status.label}</Badge>} testId="debug-buffer">
      <dl className="space-y-1">
        <Field label="Window">
          <span data-testid="window-bounds">
            {seqRange(window.fromSeq, window.toSeq)} · {window.count} of {settings.window} messages
          </span>
        </Field>
        <Field label="Read path">
          <span data-testid="buffer-reason">{buffer.reason}</span>
        </Field>
        <Field label="Gap marker">
          {buffer.gap ? <Badge tone="amber" testId="gap-shown">shown</Badge> : <span className="text-slate-500">not shown</span>}
        </Field>
      </dl>
      <ThreadMap buffer={buffer} window={window} maxLines={settings.maxLines} windowCut={windowCut} />
      {buffer.block ? (
        <BufferBlock text={buffer.block} pageIds={pageIds} lines={buffer.chosen.filter((c) => c.line !== null)} />
      ) : (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-slate-600 ring-1 ring-slate-200 ring-inset" data-testid="no-buffer">
          No buffer block in this prompt: {buffer.reason}.
        </p>
      )}
      {buffer.chosen.length > 0 && (
        <div>
          <h4 className="text-xs font-semibold text-slate-500 uppercase">Episodes chosen</h4>
          <ol className="mt-1 space-y-2">
            {buffer.chosen.map((episode) => (
              <li key={episode.episodeId} className="space-y-1 rounded-md p-2 ring-1 ring-slate-200 ring-inset" data-testid="chosen-episode">
                <p className="flex flex-wrap items-center gap-2 text-xs">
                  <Badge tone={episode.reason === "first" ? "indigo" : episode.reason === "fold" ? "violet" : "sky"} testId="episode-reason">
                    {episode.reason}
                  </Badge>
                  {episode.marks.map((mark) => (
                    <Badge key={mark} tone={mark === "owner-edit" ? "sky" : "amber"} testId="line-mark">
                      {LINE_MARK[mark]}
                    </Badge>
                  ))}
                  <Link href={messageHref(threadId, episode.fromSeq)} className="font-medium text-indigo-700 underline underline-offset-2">
                    {seqRange(episode.fromSeq, episode.toSeq)}
                  </Link>
                  {episode.pages.map((title) => (
                    <PageLink key={title} title={title} id={pageIds[title]} episodeId={episode.episodeId} />
                  ))}
                </p>
                {episode.line === null ? (
                  <p className="text-xs text-red-700" data-testid="scan-dropped">
                    Dropped by the injection scan ({episode.scanReasons.join(", ")}): this line never reached the model.
                  </p>
                ) : (
                  <p className="text-xs text-slate-600">{episode.line}</p>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </Section>
  );
}

export function RecallSection({ recall, pageIds, noMatch = "No page matched the message." }: { recall: TurnTraceData["recall"]; pageIds: PageIds; noMatch?: string }) {
  return (
    <Section
      title="Recalled pages"
      meta={
        <span className="flex items-center gap-1">
          {recall.feed && (
            <Badge tone="violet" testId="feed-on">
              feed on
            </Badge>
          )}
          <Badge>{recall.enabled ? plural(recall.pages.length, "page") : "off"}</Badge>
        </span>
      }
      testId="debug-recall"
    >
      {recall.pages.length === 0 ? (
        <p className="text-slate-500">{recall.enabled ? noMatch : "Recall is off for this run."}</p>
      ) : (
        <table className="w-full text-xs">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="font-medium">Page</th>
              <th className="text-right font-medium">Rank</th>
              <th className="text-right font-medium">Facts</th>
            </tr>
          </thead>
          <tbody>
            {recall.pages.map((page) => (
              <tr key={page.title} data-testid="recalled-page" data-fed={page.fed ? "true" : undefined}>
                <td className="py-0.5">
                  <PageLink title={page.title} id={pageIds[page.title]} />
                  {page.fed && (
                    <span className="ml-1.5">
                      <Badge tone="violet" testId="fed-page">
                        from the buffer
                      </Badge>
                    </span>
                  )}
                </td>
                <td className="text-right tabular-nums">{page.fed ? "—" : page.rank.toFixed(3)}</td>
                <td className="text-right tabular-nums">{page.facts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {recall.droppedFacts.map((fact) => (
        <p key={fact.text} className="text-xs text-red-700">
          Left out by the injection scan ({fact.reasons.join(", ")}): {fact.text}
        </p>
      ))}
    </Section>
  );
}

function ToolsSection({ record }: { record: TurnTraceRecord }) {
  const calls = record.data.toolCalls;
  return (
    <Section title="Tool calls" meta={<Badge tone={calls.length > 0 ? "amber" : "slate"}>{plural(calls.length, "call")}</Badge>} testId="debug-tools">
      {calls.length === 0 ? (
        <>
          <p className="text-slate-500">None: the model answered from what its prompt showed.</p>
          {record.data.reasoning.map((note) => (
            <p key={note} className="text-xs text-slate-600 italic" data-testid="reasoning-note">
              {note}
            </p>
          ))}
        </>
      ) : (
        <ol className="space-y-2">
          {calls.map((call, i) => (
            <ToolCallView key={i} call={call} pageIds={record.pageIds} threadId={record.threadId} />
          ))}
        </ol>
      )}
    </Section>
  );
}

function MemoryPassReportView({ report, record }: { report: MemoryPassReport; record: TurnTraceRecord }) {
  return (
    <>
      <p className="text-xs text-slate-500">
        Read {seqRange(report.fromSeq, report.toSeq)} in {ms(report.ms)}
        {report.tokens && ` · ${report.tokens.input.toLocaleString("en-US")} tokens in, ${report.tokens.output.toLocaleString("en-US")} out`}
      </p>
      {report.fit && <PassFitLine fit={report.fit} />}
      {report.error && (
        <p className="text-xs text-red-700" data-testid="memory-pass-error">
          {report.error}
        </p>
      )}
      <div>
        <h4 className="text-xs font-semibold text-slate-500 uppercase">Facts filed</h4>
        {report.facts.length === 0 ? (
          <p className="text-xs text-slate-500">None.</p>
        ) : (
          <ul className="mt-1 space-y-2">
            {report.facts.map((fact) => (
              <li key={fact.id} className="space-y-1 text-xs" data-testid="filed-fact" data-fact-id={fact.id}>
                <p className="flex flex-wrap items-center gap-1.5">
                  <FactStatusBadge status={fact.status} />
                  <Badge tone={fact.source === "OWNER" ? "sky" : "violet"}>{fact.source === "OWNER" ? "owner" : "agent"}</Badge>
                  <PageLink title={fact.page} id={record.pageIds[fact.page]} />
                  <Link href={messageHref(record.threadId, fact.messageSeq)} className="text-indigo-700 underline underline-offset-2">
                    #{fact.messageSeq}
                  </Link>
                </p>
                <p>
                  {fact.text} <span className="text-slate-500">({fact.key})</span>
                </p>
                {fact.superseded.length > 0 && (
                  <p className="text-slate-500" data-testid="repaired-record">
                    Repairs the record it supersedes: <span className="font-mono">{fact.superseded.join(", ")}</span>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h4 className="text-xs font-semibold text-slate-500 uppercase">Episode line</h4>
        {report.episode ? (
          <div className="mt-1 space-y-1 text-xs" data-testid="episode-line">
            <p className="rounded-md bg-indigo-50 px-2 py-1.5 text-indigo-900">{report.episode.gist}</p>
            <p className="text-slate-500" data-testid="episode-stretch">
              Stretch #{report.episode.fromSeq}–#{report.toSeq}, {report.episode.closed ? "closed" : "still open: the next pass extends it"}
            </p>
            <p className="flex flex-wrap items-center gap-1.5 text-slate-500">
              Points at:
              {report.episode.pointers.length === 0
                ? " nothing filed"
                : [...new Set(report.episode.pointers.map((p) => p.page))].map((title) => (
                    <PageLink key={title} title={title} id={record.pageIds[title]} />
                  ))}
            </p>
          </div>
        ) : (
          <p className="text-xs text-slate-500">None written for this stretch.</p>
        )}
      </div>
      {report.fold && (
        <div data-testid="fold-line">
          <h4 className="text-xs font-semibold text-slate-500 uppercase">Fold</h4>
          <p className="mt-1 rounded-md bg-violet-50 px-2 py-1.5 text-xs text-violet-900">{report.fold.gist}</p>
          <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
            Covers {plural(report.fold.episodes, "stretch", "stretches")}, {seqRange(report.fold.fromSeq, report.fold.toSeq)}; points at:
            {report.fold.pages.length === 0 ? " nothing filed" : report.fold.pages.map((title) => <PageLink key={title} title={title} id={record.pageIds[title]} />)}
          </p>
        </div>
      )}
      {report.dropped.length > 0 && (
        <div>
          <h4 className="text-xs font-semibold text-slate-500 uppercase">Dropped</h4>
          <ul className="mt-1 space-y-1 text-xs text-red-700">
            {report.dropped.map((d, i) => (
              <li key={i}>
                {d.what}: {d.text} ({d.reason})
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function MemoryPassSection({ record, pending, onRetry }: { record: TurnTraceRecord; pending: boolean; onRetry: () => Promise<void> }) {
  const report = record.data.memoryPass;
  const job = record.data.memoryPassJob;
  const status = report ? PASS_STATUS[report.status] : null;
  return (
    <Section
      title="Memory pass"
      meta={
        status ? (
          <Badge tone={status.tone} testId="memory-pass-status">
            {status.label}
          </Badge>
        ) : job ? (
          memoryPassJobBadge(job)
        ) : pending ? (
          <Badge tone="sky">running…</Badge>
        ) : null
      }
      testId="debug-memory"
    >
      {job && <MemoryPassJobLine job={job} onRetry={onRetry} />}
      {job?.model && (
        <p className="text-xs text-slate-500" data-testid="memory-pass-model">
          Run by {job.model.label} (the memory role&apos;s model).
        </p>
      )}
      {report ? (
        <MemoryPassReportView report={report} record={record} />
      ) : pending || job ? (
        <p className="text-slate-500">The memory pass runs after the reply has streamed; its report appears here when it is done.</p>
      ) : (
        <p className="text-slate-500">{record.answered ? "No report was recorded for this turn." : "No reply was saved, so no memory pass ran."}</p>
      )}
    </Section>
  );
}

/** A customer's reply as the model wrote it, and what the check took out before the customer read it. */
function CustomerVoiceSection({ voice }: { voice: NonNullable<TurnTraceData["customerVoice"]> }) {
  const corrected = voice.corrections.length > 0;
  return (
    <Section
      title="Customer's reply"
      meta={
        <>
          <Badge tone={corrected ? "amber" : "emerald"}>{corrected ? "corrected" : "as written"}</Badge>
          {voice.unanswered && <Badge tone="violet">to Unanswered questions</Badge>}
        </>
      }
      testId="debug-customer-voice"
    >
      <div className="space-y-1 px-4 pb-3 text-xs text-slate-700">
        {corrected && <p data-testid="customer-voice-corrections">Taken out before the customer read it: {voice.corrections.join(", ")}.</p>}
        <p>The model wrote:</p>
        <pre className="rounded-md bg-slate-50 p-2 whitespace-pre-wrap ring-1 ring-slate-200 ring-inset">{voice.modelText}</pre>
      </div>
    </Section>
  );
}

/** Everything one turn's prompt was built from, section by section. */
export function TraceView({
  record,
  memoryPassPending,
  onRetryMemoryPass,
}: {
  record: TurnTraceRecord;
  memoryPassPending: boolean;
  onRetryMemoryPass: () => Promise<void>;
}) {
  const { data } = record;
  return (
    <div>
      {data.error && data.replyStatus !== "interrupted" && (
        <p className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800" data-testid="trace-error">
          The model call failed: {data.error}
        </p>
      )}
      <Section
        title="Context"
        meta={
          <Badge>
            {data.budget
              ? `${data.budget.method === "estimate" ? "≈ " : ""}${data.budget.promptTokens.toLocaleString("en-US")} of ${data.budget.contextTokens.toLocaleString("en-US")} tokens`
              : plural(record.context.total, "token")}
          </Badge>
        }
        testId="debug-context"
      >
        {data.budget && <BudgetView budget={data.budget} />}
        <ContextBar split={record.context} budget={data.budget} />
      </Section>
      <BufferSection
        view={{
          ...data,
          threadId: record.threadId,
          pageIds: record.pageIds,
          windowCut: data.budget?.leftOut.find((item) => item.what === "window")?.count ?? 0,
        }}
      />
      <RecallSection recall={data.recall} pageIds={record.pageIds} />
      <ToolsSection record={record} />
      {data.customerVoice && <CustomerVoiceSection voice={data.customerVoice} />}
      {data.replyStatus === "interrupted" && (
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="trace-interrupted">
          The reply was cut off before it finished ({data.error ?? "the browser went away"}); it is kept, marked interrupted, and no memory pass runs over it.
        </p>
      )}
      <MemoryPassSection record={record} pending={memoryPassPending} onRetry={onRetryMemoryPass} />
      <Section title="Tokens and timings" meta={<Badge>{ms(data.timings.totalMs)}</Badge>} testId="debug-costs">
        <TokenStats tokens={data.tokens} />
        <TimingsChart timings={data.timings} />
      </Section>
      <Section title="Prompt" defaultOpen={false} meta={<Badge>{plural(data.prompt.messages.length + 1, "message")}</Badge>} testId="debug-prompt">
        <pre className="max-h-96 overflow-auto rounded-md bg-slate-50 p-3 text-xs whitespace-pre-wrap ring-1 ring-slate-200 ring-inset">
          {promptText(data.prompt)}
        </pre>
      </Section>
    </div>
  );
}
