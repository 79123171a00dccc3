import { NotFoundCard } from "@/components/ui/not-found-card";
import { refusalMessage } from "@/lib/errors";

export default function ThreadNotFound() {
  return <NotFoundCard title="No such thread" message={`${refusalMessage("not_found:thread")} It may belong to another workspace.`} />;
}
