/** A zod issue's path as people write it: "qa[3].answer", "cases[2].messages[5].at". */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((part, i) => (typeof part === "number" ? `[${part}]` : `${i === 0 ? "" : "."}${String(part)}`)).join("");
}
