import { StartupProgress } from "@/components/shell/startup-progress";

/** What a route shows while its data loads: on a first run, what the server is doing (migrating, seeding, filing). */
export function LoadingStatus() {
  return <StartupProgress />;
}
