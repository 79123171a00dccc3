import { LoadingStatus } from "@/components/ui/loading-status";

// Only the start page has a loading boundary of its own: one at the root would
// stream every page before its layout could answer 404 for an unknown id.
export default LoadingStatus;
