"use client";

import { useEffect } from "react";

/**
 * Above a page opened from a buffer line: says which facts are highlighted
 * and brings the first of them into view, since a line's facts can sit far
 * down the page.
 */
export function LineHighlight({ count }: { count: number }) {
  useEffect(() => {
    document.querySelector('[data-highlighted="true"]')?.scrollIntoView({ block: "center" });
  }, []);
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset" data-testid="line-highlight-note">
      {count === 0
        ? "The buffer line you followed points at no fact on this page (it was filed elsewhere, or the fact was deleted since)."
        : `Highlighted: the ${count === 1 ? "fact" : `${count} facts`} the buffer line you followed points at.`}
    </p>
  );
}
