import { PageHeader } from "@/components/ui/page-header";
import { ImportThreadForm } from "@/components/transfer/import-form";
import { pageScope } from "@/lib/workspaces/current";

export const metadata = { title: "Import a thread · Episodic buffer" };

export default async function ImportThreadPage() {
  await pageScope();
  return (
    <div className="h-full overflow-y-auto">
      <PageHeader title="Import a thread">
        Add a thread with all its messages from a thread file, for example one exported from another workspace or
        written by a script to dogfood a long conversation. The file is checked first: a bad file adds nothing.
      </PageHeader>
      <div className="max-w-3xl px-4 py-6 sm:px-8">
        <ImportThreadForm />
      </div>
    </div>
  );
}
