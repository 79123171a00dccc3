import Link from "next/link";
import { NewWorkspaceForm } from "@/components/account/new-workspace-form";
import { ownedWorkspaces, requireUserPage } from "@/lib/workspaces/current";

export const metadata = { title: "New workspace · Episodic buffer" };

export default async function NewWorkspacePage() {
  const owned = await ownedWorkspaces(await requireUserPage());
  return (
    <main className="mx-auto mt-16 max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h1 className="text-lg font-semibold">A workspace of your own</h1>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        One business per workspace: its threads, pages and facts stay in it, and its customers get a public support page.
      </p>
      <NewWorkspaceForm />
      {owned.length > 0 && (
        <Link href="/" className="mt-4 block text-sm text-indigo-700 underline">
          Back to your workspace
        </Link>
      )}
    </main>
  );
}
