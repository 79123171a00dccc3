// At boot, start this instance's memory-pass worker, so jobs left by a server
// that stopped mid-pass (or queued by another instance) run without waiting
// for the next chat request. Node only: the queue speaks to the database.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getMemoryPassQueue } = await import("@/lib/jobs/runtime");
  await getMemoryPassQueue();
}
