"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { dayAndTime } from "@/components/ui/format";
import { requestJson } from "@/components/ui/request-json";

export type ShownToken = { id: string; name: string; audience: "owner" | "customer"; hint: string; createdAt: string; lastUsedAt: string | null };

const button = "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60";
const AUDIENCES = {
  owner: "Everything you read: pages and threads",
  customer: "What a customer reads: published pages only",
} as const;

/** How an agent connects: over HTTP to this server, or by starting the app's stdio server itself. */
function Connect({ secret }: { secret: string }) {
  const [origin, setOrigin] = useState("http://localhost:3000");
  useEffect(() => setOrigin(window.location.origin), []);
  const http = JSON.stringify({ url: `${origin}/api/mcp`, headers: { Authorization: `Bearer ${secret}` } }, null, 2);
  const stdio = JSON.stringify({ command: "npm", args: ["--prefix", "/path/to/this/app", "run", "--silent", "mcp"], env: { EPISODIC_BUFFER_TOKEN: secret } }, null, 2);
  return (
    <div className="mt-2 grid gap-2 sm:grid-cols-2">
      {[
        ["Over HTTP, to this server", http],
        ["On stdio (npm run mcp; with the embedded database, only while this server is stopped)", stdio],
      ].map(([title, text]) => (
        <figure key={title} className="min-w-0">
          <figcaption className="text-xs text-slate-500">{title}</figcaption>
          {/* Focusable, so a keyboard can scroll a line wider than the card. */}
          <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 text-[11px] text-slate-800" tabIndex={0}>
            {text}
          </pre>
        </figure>
      ))}
    </div>
  );
}

/** The tokens, a form for a new one, and the new token itself, shown once. */
export function McpTokenList({ workspaceName, tokens }: { workspaceName: string; tokens: ShownToken[] }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [audience, setAudience] = useState<ShownToken["audience"]>("owner");
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [error, setError] = useState<string | null>(null);

  async function act(run: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await run();
      startRefresh(() => router.refresh());
    } catch (reason) {
      setError((reason as Error).message);
    } finally {
      setBusy(false);
    }
  }

  function create(event: FormEvent) {
    event.preventDefault();
    void act(async () => {
      const { token, secret } = await requestJson<{ token: ShownToken; secret: string }>("POST", "/api/mcp-tokens", { name, audience });
      setMade({ name: token.name, secret });
      setName("");
    });
  }

  const revoke = (id: string) =>
    act(async () => {
      await requestJson("DELETE", `/api/mcp-tokens/${encodeURIComponent(id)}`);
      setRevoking(null);
    });

  return (
    <div className="mt-3 space-y-3">
      {made && (
        <div role="status" className="rounded-md bg-emerald-50 p-3 text-xs text-emerald-900 ring-1 ring-emerald-200" data-testid="mcp-new-token">
          <p className="font-medium">
            &ldquo;{made.name}&rdquo; can read {workspaceName}. Copy its token now: it is not shown again.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-white px-2 py-1 text-slate-900" data-testid="mcp-secret">
              {made.secret}
            </code>
            <CopyButton text={made.secret} label="Copy token" className={button} />
            <button type="button" className={button} onClick={() => setMade(null)}>
              Done
            </button>
          </div>
          <Connect secret={made.secret} />
        </div>
      )}
      {tokens.length > 0 ? (
        <ul className="divide-y divide-slate-100" aria-label="Memory tokens">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="mcp-token">
              <span className="font-medium text-slate-900">{token.name}</span>
              <Badge tone={token.audience === "owner" ? "indigo" : "sky"}>{token.audience === "owner" ? "owner" : "customer"}</Badge>
              <code className="text-xs text-slate-500">{token.hint}…</code>
              <span className="text-xs text-slate-500">
                made {dayAndTime(token.createdAt)}; {token.lastUsedAt ? `last used ${dayAndTime(token.lastUsedAt)}` : "never used"}
              </span>
              {revoking === token.id ? (
                <span className="ml-auto flex items-center gap-2 text-xs" role="group" aria-label={`Revoke ${token.name}?`}>
                  Revoke it? Agents using it lose access at once.
                  <button type="button" disabled={busy || refreshing} onClick={() => revoke(token.id)} className="rounded-md bg-red-700 px-2.5 py-1 font-medium text-white hover:bg-red-600 disabled:opacity-60">
                    Revoke
                  </button>
                  <button type="button" className={button} onClick={() => setRevoking(null)}>
                    Keep it
                  </button>
                </span>
              ) : (
                <button type="button" className={`${button} ml-auto`} onClick={() => setRevoking(token.id)} aria-label={`Revoke ${token.name}`}>
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-500">No tokens yet: no other agent can read this workspace.</p>
      )}
      <form onSubmit={create} className="flex flex-wrap items-end gap-2" aria-label="New memory token">
        <label className="flex flex-col text-xs text-slate-600">
          Name
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={80}
            placeholder="Desktop agent"
            className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-900"
          />
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          Reads
          <select value={audience} onChange={(event) => setAudience(event.target.value as ShownToken["audience"])} className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-900">
            {Object.entries(AUDIENCES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy || refreshing || !name.trim()} className="rounded-md bg-slate-900 px-3 py-1.5 text-xs font-medium text-white hover:bg-slate-700 disabled:opacity-60">
          {busy ? "Making…" : "Make a token"}
        </button>
      </form>
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
