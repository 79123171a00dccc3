import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { McpTokensCard } from "@/components/settings/mcp-tokens";
import { readConfig, type AppConfig } from "@/lib/config";
import { chooseModels, DEFAULT_COMPATIBLE_MODEL, DEFAULT_OPENAI_MODEL, type ModelChoice, type ModelKind, type ModelRoles } from "@/lib/models";
import { localEngineState } from "@/lib/models/local/engine";
import { assignRoles, MODEL_ROLES, ROLE_INFO, type ModelRole } from "@/lib/models/roles";
import { requireUserPage } from "@/lib/workspaces/current";

export const metadata = { title: "Settings · Episodic buffer" };

/** Where the data lives, without the connection string: it may hold a password. */
function databaseWhere(config: AppConfig): { kind: string; where: string } {
  if (!config.databaseUrl) return { kind: "Embedded PGlite (Postgres in WASM, in-process)", where: config.pgliteDataDir };
  const url = new URL(config.databaseUrl);
  return { kind: "PostgreSQL", where: `${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}` };
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </section>
  );
}

function Row({ label, env, children }: { label: string; env?: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 border-t border-slate-100 py-2 first:border-t-0 sm:grid-cols-[12rem_1fr]">
      <dt className="text-slate-500">
        {label}
        {env && <code className="block text-[11px] text-slate-500">{env}</code>}
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const KIND_BADGE: Record<ModelKind, string> = {
  offline: "offline",
  openai: "OpenAI",
  "openai-compatible": "OpenAI-compatible",
  local: "local (in-process)",
};

/**
 * The model's context as the budget sees it. An in-process model is not
 * loaded for this page: its configured context, and how far it has loaded.
 */
async function contextLine(config: AppConfig, model: ModelChoice): Promise<string> {
  if (config.localModel && model.kind === "local") {
    const { state, progress } = localEngineState(config.localModel);
    const loaded = state === "ready" ? "loaded" : state === "loading" ? `loading, ${Math.round(progress * 100)}%` : state === "failed" ? "failed to load" : "loads on the first turn";
    return `${(config.contextTokens ?? config.localModel.contextSize).toLocaleString("en-US")} tokens per lane (LOCAL_MODEL_CONTEXT; the model ${loaded})`;
  }
  const size = await model.runtime.contextSize();
  return `${size.tokens.toLocaleString("en-US")} tokens (${size.source === "configured" ? "MODEL_CONTEXT_TOKENS" : size.detail})`;
}

/**
 * What a role's model is, beyond its name: "the chat model" for a role that
 * shares it, else its own context and whether it takes a JSON schema (what
 * the memory pass asks for), as this process has learnt them.
 */
async function roleDetail(config: AppConfig, models: ModelRoles, role: ModelRole): Promise<string> {
  const model = models[role];
  if (role !== "chat" && model === models.chat) return "the chat model";
  const json = model.runtime.learned.structuredOutput;
  const refused = json.supported === false ? `; takes no JSON schema, so it is asked for JSON in text (${json.reason ?? "refused"})` : "";
  return `context ${await contextLine(config, model)}${refused}`;
}

/** The models by role (lib/models/roles.ts): each role's model, and what it is. */
async function RolesCard({ config, models }: { config: AppConfig; models: ModelRoles }) {
  const { modelIds, ignored } = assignRoles(config);
  const details = await Promise.all(MODEL_ROLES.map((role) => roleDetail(config, models, role)));
  return (
    <Card title="Models by role">
      <dl data-testid="settings-roles">
        {MODEL_ROLES.map((role, i) => (
          <Row key={role} label={ROLE_INFO[role].title} env={ROLE_INFO[role].variable}>
            <span className="block" data-testid={`settings-role-${role}`}>
              {models[role].label}
              {role !== "chat" && ` (${details[i]})`}
            </span>
            <span className="block text-xs text-slate-500">{ROLE_INFO[role].does}</span>
          </Row>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-500">
        {modelIds
          ? "Each role is the chat model unless its variable names another model of the same provider, such as a cheaper one for the memory pass."
          : `The ${models.chat.kind === "local" ? "local" : "offline"} model plays every role.`}
        {ignored.length > 0 && ` ${ignored.join(", ")} ${ignored.length === 1 ? "names" : "name"} a model of OpenAI or a compatible server, so ${ignored.length === 1 ? "it is" : "they are"} ignored here.`}
      </p>
    </Card>
  );
}

export default async function SettingsPage() {
  await requireUserPage();
  const config = readConfig();
  const models = chooseModels(config);
  const model = models.chat;
  const database = databaseWhere(config);
  const context = await contextLine(config, model);
  const tools = model.runtime.learned.tools;
  return (
    <div>
      <PageHeader title="Settings">
        Read from the environment when the server starts; change a variable and restart to apply it.
      </PageHeader>
      <div className="grid max-w-5xl gap-4 px-4 py-6 sm:px-8 lg:grid-cols-2">
        <Card title="Answering model">
          <dl>
            <Row label="Model">
              <span className="flex flex-wrap items-center gap-2" data-testid="settings-model">
                {model.label}
                <Badge tone={model.kind === "offline" ? "amber" : "emerald"}>
                  {KIND_BADGE[model.kind]}
                </Badge>
              </span>
            </Row>
            <Row label="Model id">
              <code>{model.modelId}</code>
            </Row>
            <Row label="Context" env="MODEL_CONTEXT_TOKENS">
              <span data-testid="settings-context">
                {context}; {config.replyTokens.toLocaleString("en-US")} kept for each reply (MODEL_REPLY_TOKENS)
              </span>
            </Row>
            <Row label="Tools">
              <span data-testid="settings-tools">
                {tools.supported === false
                  ? `unavailable: ${tools.reason ?? "the model takes no tools"}. Turns run without them: recall and the buffer stay in the prompt, and the agent asks instead of opening pages or searching.`
                  : "read_page and search_chat_history, offered every turn"}
              </span>
            </Row>
            <Row label="Time limits" env="MODEL_FIRST_TOKEN_TIMEOUT_MS">
              first output within {Math.round(config.firstTokenTimeoutMs / 1000)} s, no silence over {Math.round(config.idleTimeoutMs / 1000)} s, the whole reply within{" "}
              {Math.round(config.modelTimeoutMs / 1000)} s
            </Row>
          </dl>
          {model.kind === "offline" && (
            <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
              The offline model is rule-based and needs no network: it reads its prompt, calls the tools and writes the
              memory pass deterministically, so the whole mechanism runs on first start. Answers are simple on purpose.
            </p>
          )}
        </Card>
        <RolesCard config={config} models={models} />
        <Card title="Window, buffer and recall">
          <dl data-testid="settings-buffer">
            <Row label="Window" env="CHAT_WINDOW">
              last {config.window} messages replayed each turn
            </Row>
            <Row label="Buffer lines" env="BUFFER_MAX_LINES">
              at most {config.bufferMaxLines} (the first stretch and the most recent ones)
            </Row>
            <Row label="Line length" env="BUFFER_LINE_CHARS">
              at most {config.bufferLineChars} characters
            </Row>
            <Row label="Recalled pages" env="RECALL_PAGES">
              {config.recallPages} per turn
            </Row>
            <Row label="Feed recall" env="RECALL_FEED">
              {config.recallFeed ? "on: the pages the visible buffer lines point at join recall, within its cap" : "off"}
            </Row>
            <Row label="Folds" env="BUFFER_FOLDS">
              {config.bufferFolds ? "on: the memory pass folds older stretches; the buffer shows folds for the far middle" : "off"}
            </Row>
            <Row label="Reconsolidation marks" env="RECONSOLIDATION">
              {config.reconsolidation ? "on: a line says when its records were rejected or corrected since" : "off"}
            </Row>
          </dl>
        </Card>
        <Card title="Database">
          <dl data-testid="settings-database">
            <Row label="Kind" env="DATABASE_URL">
              {database.kind}
            </Row>
            <Row label="Where" env={config.databaseUrl ? undefined : "PGLITE_DATA_DIR"}>
              <code className="text-xs">{database.where}</code>
            </Row>
          </dl>
        </Card>
        <Card title="Switch to a real model">
          <p>Set one of these before starting the server, then restart:</p>
          <dl className="mt-2">
            <Row label="OpenAI" env="OPENAI_API_KEY">
              <code className="text-xs">OPENAI_API_KEY=sk-… npm run dev</code>
            </Row>
            <Row label="OpenAI-compatible" env="OPENAI_BASE_URL">
              <code className="text-xs">OPENAI_BASE_URL=http://localhost:11434/v1 npm run dev</code>
              <span className="block text-xs text-slate-500">Ollama, vLLM, LM Studio or llama.cpp (/v1/chat/completions).</span>
            </Row>
            <Row label="Model name" env="OPENAI_MODEL">
              defaults to <code className="text-xs">{DEFAULT_OPENAI_MODEL}</code> (OpenAI) or{" "}
              <code className="text-xs">{DEFAULT_COMPATIBLE_MODEL}</code> (compatible)
            </Row>
            <Row label="Local GGUF file" env="LOCAL_MODEL_PATH">
              <code className="text-xs">LOCAL_MODEL_PATH=./models/qwen2.5-3b-instruct-q4_k_m.gguf npm run dev</code>
              <span className="block text-xs text-slate-500">
                Runs in the server process (llama.cpp); LOCAL_MODEL_THREADS, LOCAL_MODEL_CONTEXT and LOCAL_MODEL_GPU tune it.
              </span>
            </Row>
          </dl>
          <p className="mt-2 text-xs text-slate-500">
            Chosen in this order: base URL, then key, then local file; with none set, the offline model answers.
          </p>
        </Card>
        <McpTokensCard />
      </div>
    </div>
  );
}
