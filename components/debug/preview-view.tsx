import type { BufferPreview } from "@/lib/contracts/buffer-preview";
import { Badge } from "@/components/ui/badge";
import { BufferSection, RecallSection } from "@/components/debug/trace-view";

/** The next turn's context before anyone types, labelled so nobody mistakes it for a turn that ran. */
export function PreviewView({ preview }: { preview: BufferPreview }) {
  return (
    <div data-testid="buffer-preview">
      <p className="flex items-start gap-2 border-b border-sky-200 bg-sky-50 px-4 py-2 text-xs text-sky-900" data-testid="preview-notice">
        <Badge tone="sky">Preview</Badge>
        <span>
          Nothing has been sent. This is what the next turn would be given, read now from the thread&apos;s window and episodes through the
          same read path a turn uses.
        </span>
      </p>
      <BufferSection view={preview} />
      <RecallSection
        recall={{ enabled: true, feed: preview.recall.feed, pages: preview.recall.pages, droppedFacts: [] }}
        pageIds={preview.pageIds}
        noMatch="Recall searches the words of the message; with none typed yet it recalls no page."
      />
    </div>
  );
}
