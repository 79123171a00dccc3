/**
 * A pure function of a string, its results kept for the `size` arguments
 * used most recently: a turn counts and scans the same window messages as
 * the turn before, so those are not worked out again. The least recently
 * used result goes first when the store is full.
 */
export function rememberRecent<T>(size: number, compute: (text: string) => T): (text: string) => T {
  const recent = new Map<string, T>();
  return (text) => {
    const known = recent.get(text);
    if (known !== undefined) recent.delete(text);
    const result = known !== undefined ? known : compute(text);
    recent.set(text, result);
    if (recent.size > size) recent.delete(recent.keys().next().value!);
    return result;
  };
}
