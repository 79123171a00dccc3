import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and while the page hydrates, true after: for
 * controls that only work with the page's JavaScript (Copy, a thread's
 * actions), so they cost the HTML of a long list nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
