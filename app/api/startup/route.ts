import { startupStatus } from "@/lib/db/startup-status";

// Answers at once, without touching the database: the loading screen polls it while the first request migrates and seeds.
export function GET() {
  return Response.json(startupStatus(), { headers: { "cache-control": "no-store" } });
}
