"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { plural } from "@/components/ui/format";
import { episodesHref, threadHref } from "@/components/ui/routes";
import type { ConsolidationLine } from "@/lib/http/transfer";
import { MAX_IMPORT_BYTES } from "@/lib/threads/transfer-limits";
import { readConsolidationLines } from "@/components/transfer/consolidation-stream";
import { ExportThreadButton } from "@/components/transfer/export-button";

const importedThreadSchema = z.object({ id: z.string(), title: z.string(), kind: z.enum(["OWNER", "SUPPORT"]), lastSeq: z.number().int() });
const importSchema = z.object({
  import: z.object({
    id: z.string(),
    status: z.enum(["QUEUED", "CHECKING", "WRITING", "DONE", "FAILED"]),
    total: z.number().int(),
    done: z.number().int(),
    thread: importedThreadSchema.nullable(),
    error: z.string().nullable(),
    duplicateOf: z.object({ id: z.string(), title: z.string() }).nullable(),
  }),
});
const errorSchema = z.object({ error: z.string() });
/** A file already imported here, as its failed import names it. */
type Duplicate = { error: string; existing: { id: string; title: string } };

type ImportedThread = z.infer<typeof importedThreadSchema>;
type ImportProgress = z.infer<typeof importSchema>["import"];

/** How often the screen asks how an import is getting on. */
const POLL_MS = 400;
const MAX_IMPORT_MB = MAX_IMPORT_BYTES / (1024 * 1024);

const OFFLINE = "Could not reach the server; check the connection and try again.";

/** The server's `{ error }` sentence, or a fallback when the answer is not one. */
async function errorOf(response: Response): Promise<string> {
  const parsed = errorSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data.error : `The server answered ${response.status}; try again.`;
}

const buttonClass =
  "rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-50";

function Alert({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200 ring-inset">
      {children}
    </p>
  );
}

/** A bar of `done` out of `total` messages, `label` naming what is counted. */
function MessagesBar({ label, done, total }: { label: string; done: number; total: number }) {
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${total} messages`}
      className="h-2.5 overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

function ConsolidationProgressBar({ line }: { line: ConsolidationLine }) {
  return (
    <div className="space-y-1.5">
      <MessagesBar label="Messages consolidated" done={line.done} total={line.total} />
      <p className="text-sm text-slate-600" data-testid="consolidation-status">
        {line.done} of {plural(line.total, "message")} consolidated · {plural(line.episodes, "episode")} ·{" "}
        {plural(line.facts, "fact")} filed
      </p>
    </div>
  );
}

/**
 * Runs the memory pass over the imported thread, a few messages at a time,
 * with the server's progress lines driving the bar. After a failure the same
 * button continues where the last successful pass left off.
 */
function Consolidation({ threadId }: { threadId: string }) {
  const [line, setLine] = useState<ConsolidationLine | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const finished = line !== null && "finished" in line && line.finished;

  async function consolidate() {
    setRunning(true);
    setError(null);
    try {
      const response = await fetch(`/api/threads/${encodeURIComponent(threadId)}/consolidate`, { method: "POST" });
      if (!response.ok || !response.body) {
        setError(await errorOf(response));
        return;
      }
      const last = await readConsolidationLines(response.body, setLine);
      if (last === null || !("finished" in last)) setError("The server stopped before finishing; consolidate again to continue.");
      else if ("error" in last) setError(last.error);
    } catch {
      setError(OFFLINE);
    } finally {
      setRunning(false);
    }
  }

  return (
    <section aria-label="Consolidation" className="space-y-3 border-t border-slate-100 pt-4">
      <p className="text-sm text-slate-600">
        An imported thread has no memory yet. Consolidating runs the memory pass over it a few messages at a time: facts
        go to topic pages and each stretch gets its episode line, as if the agent had been there all along.
      </p>
      <button type="button" onClick={consolidate} disabled={running || finished} className={buttonClass}>
        {running ? "Consolidating…" : finished ? "Consolidated" : line ? "Consolidate the rest" : "Consolidate"}
      </button>
      {line && <ConsolidationProgressBar line={line} />}
      {finished && (
        <p className="text-sm">
          <Link href={episodesHref(threadId)} className="font-medium text-indigo-700 underline underline-offset-2">
            See the episode timeline
          </Link>
        </p>
      )}
      {error && <Alert>{error}</Alert>}
    </section>
  );
}

function ImportedCard({ thread }: { thread: ImportedThread }) {
  return (
    <div className="space-y-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="imported-thread">
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 flex-1 text-sm text-slate-700">
          Imported{" "}
          <Link href={threadHref(thread.id)} className="font-medium text-indigo-700 underline underline-offset-2">
            {thread.title}
          </Link>{" "}
          with {plural(thread.lastSeq, "message")}
          {thread.kind === "SUPPORT" ? " (a support thread: nothing in it becomes memory)" : ""}.
        </p>
        <ExportThreadButton threadId={thread.id} />
      </div>
      <Consolidation threadId={thread.id} />
    </div>
  );
}

/** What the import is doing, in words, with a bar once its messages are being written. */
function ImportProgressView({ progress }: { progress: ImportProgress }) {
  if (progress.status !== "WRITING") {
    return (
      <p className="text-sm text-slate-600" data-testid="import-status" role="status">
        {progress.status === "QUEUED" ? "Uploaded; the import starts in a moment…" : "Checking every message in the file…"}
      </p>
    );
  }
  return (
    <div className="space-y-1.5">
      <MessagesBar label="Messages imported" done={progress.done} total={progress.total} />
      <p className="text-sm text-slate-600" data-testid="import-status" role="status">
        Writing messages: {progress.done.toLocaleString("en-US")} of {plural(progress.total, "message")}
      </p>
    </div>
  );
}

/** Asks after the import until it is done or has failed, showing each answer. */
async function followImport(importId: string, show: (progress: ImportProgress) => void): Promise<ImportProgress> {
  for (;;) {
    const response = await fetch(`/api/threads/import/${encodeURIComponent(importId)}`);
    if (!response.ok) throw new Error(await errorOf(response));
    const progress = importSchema.parse(await response.json()).import;
    show(progress);
    if (progress.status === "DONE" || progress.status === "FAILED") return progress;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export function ImportThreadForm() {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [imported, setImported] = useState<ImportedThread | null>(null);
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);

  async function upload(again = false) {
    if (!file) return;
    setError(null);
    setImported(null);
    setProgress(null);
    setDuplicate(null);
    if (file.size > MAX_IMPORT_BYTES) {
      setError(`The thread file is larger than ${MAX_IMPORT_MB} MB, the most this app takes.`);
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(`/api/threads/import${again ? "?duplicate=import" : ""}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: file,
      });
      if (!response.ok) {
        setError(await errorOf(response));
        return;
      }
      const queued = importSchema.parse(await response.json()).import;
      setProgress(queued);
      const finished = await followImport(queued.id, setProgress);
      setProgress(null);
      if (finished.duplicateOf) {
        setDuplicate({ error: finished.error ?? "This file was imported here already.", existing: finished.duplicateOf });
        return;
      }
      if (finished.status === "FAILED" || !finished.thread) {
        setError(finished.error ?? "The import failed; upload the file again.");
        return;
      }
      setImported(finished.thread);
      // The sidebar lists threads on the server; refresh it to show the new one.
      router.refresh();
    } catch (failure) {
      setError(failure instanceof TypeError ? OFFLINE : (failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void upload();
        }}
        aria-label="Import a thread" className="space-y-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="space-y-1.5">
          <label htmlFor="thread-file" className="block text-sm font-medium text-slate-800">
            Thread file
          </label>
          <input
            id="thread-file"
            type="file"
            accept=".json,application/json"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-200"
          />
          <p className="text-xs text-slate-500">
            A .thread.json file, as the Export button in a chat writes it. Up to {MAX_IMPORT_MB} MB; a long thread imports in the
            background, and this page shows how far it has got.
          </p>
        </div>
        <button type="submit" disabled={!file || busy} className={buttonClass}>
          {busy ? "Importing…" : "Import"}
        </button>
        {progress && <ImportProgressView progress={progress} />}
        {error && <Alert>{error}</Alert>}
        {duplicate && (
          <div role="alert" className="space-y-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset" data-testid="duplicate-import">
            <p>{duplicate.error}</p>
            <p className="flex flex-wrap gap-2">
              <Link href={threadHref(duplicate.existing.id)} className="rounded-md bg-amber-700 px-3 py-1 font-medium text-white hover:bg-amber-600" data-testid="duplicate-skip">
                Skip it: open “{duplicate.existing.title}”
              </Link>
              <button
                type="button"
                disabled={busy}
                onClick={() => void upload(true)}
                className="rounded-md border border-amber-300 bg-white px-3 py-1 font-medium text-amber-900 hover:bg-amber-100 disabled:opacity-60"
                data-testid="duplicate-import-anyway"
              >
                Import a second copy
              </button>
            </p>
          </div>
        )}
      </form>
      {imported && <ImportedCard key={imported.id} thread={imported} />}
    </div>
  );
}
