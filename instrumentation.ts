// Runs once when the server starts: a bad setting (a LOCAL_MODEL_PATH that is
// missing or not a GGUF file, a malformed URL) stops the start with its reason
// instead of surfacing on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { readConfig } = await import("@/lib/config");
  readConfig();
}
