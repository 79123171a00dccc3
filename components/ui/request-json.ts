/** Sends JSON to the app's own API and returns the parsed answer; a refusal throws its sentence. */
export async function requestJson<T>(method: "POST" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
  } catch {
    throw new Error("Could not reach the server; check the connection.");
  }
  const answer = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
  // The app's routes say `error`; Better Auth's say `message`.
  if (!response.ok) throw new Error(answer.error ?? answer.message ?? `The server refused this (status ${response.status}).`);
  return answer as T;
}

/** POSTs JSON to the app's own API (requestJson). */
export function postJson<T>(url: string, body: unknown): Promise<T> {
  return requestJson<T>("POST", url, body);
}
