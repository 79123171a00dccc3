import { NotFoundCard } from "@/components/ui/not-found-card";
import { refusalMessage } from "@/lib/errors";

export default function PageNotFound() {
  return <NotFoundCard title="No such page" message={`${refusalMessage("not_found:page")} It may belong to another workspace.`} />;
}
