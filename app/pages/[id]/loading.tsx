import { LoadingStatus } from "@/components/ui/loading-status";

// Below this segment's layout, which settles whether the record exists, so an unknown id still answers 404.
export default LoadingStatus;
