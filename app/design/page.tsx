import { readFile } from "node:fs/promises";
import path from "node:path";
import { Markdown } from "@/components/design/markdown";
import { PageHeader } from "@/components/ui/page-header";
import { requireUserPage } from "@/lib/workspaces/current";

export const metadata = { title: "The design · Episodic buffer" };

/** docs/DESIGN.md, the design the app implements, as the repository has it: the Evaluation page and the code's § references lead here. */
export default async function DesignPage() {
  await requireUserPage();
  const source = await readFile(path.join(/*turbopackIgnore: true*/ process.cwd(), "docs", "DESIGN.md"), "utf8");
  return (
    <div>
      <PageHeader title="The episodic buffer: the design">
        The rules the app keeps and why, its write and read paths, how it is evaluated and what extends it; from{" "}
        <code>docs/DESIGN.md</code> in the repository.
      </PageHeader>
      <div className="px-4 py-6 sm:px-8" data-testid="design-doc">
        <Markdown source={source.replace(/^# .*\n/, "")} />
      </div>
    </div>
  );
}
