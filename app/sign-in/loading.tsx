import { LoadingStatus } from "@/components/ui/loading-status";

// The sign-in page waits for the demo workspace and its owner on a first run: say which step the seed is on.
export default LoadingStatus;
