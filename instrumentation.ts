// Runs once when the server starts. A bad setting (a LOCAL_MODEL_PATH that is
// missing or not a GGUF file, a malformed URL) stops the start with its
// reason instead of surfacing on the first request. Then this instance's
// memory-pass worker starts, so jobs left by a server that stopped mid-pass
// (or queued by another instance) run without waiting for a chat request.
// Node only: both read files and speak to the database.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { readConfig } = await import("@/lib/config");
  readConfig();
  const { getMemoryPassQueue } = await import("@/lib/jobs/runtime");
  await getMemoryPassQueue();
}
