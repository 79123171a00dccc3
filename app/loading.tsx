import { StartupProgress } from "@/components/shell/startup-progress";

export default function Loading() {
  return <StartupProgress />;
}
