// Runs once when the server starts, before it answers anything. A bad setting
// (a LOCAL_MODEL_PATH that is missing or not a GGUF file, a malformed URL) or a
// database it cannot open (the embedded one held by another server) stops the
// process with its reason: Next would log the error and go on answering every
// request with a bare 500. Then this instance's memory-pass worker starts, so
// jobs left by a server that stopped mid-pass (or queued by another instance)
// run without waiting for a chat request. Node only: both read files and
// speak to the database.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  try {
    const { readConfig } = await import("@/lib/config");
    readConfig();
    const { startJobWorkers } = await import("@/lib/jobs/runtime");
    await startJobWorkers();
  } catch (error) {
    console.error(`The server cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
}
