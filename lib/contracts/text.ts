import { z } from "zod";

// Text that crosses a boundary into the database. PostgreSQL stores a NUL
// character in neither text nor jsonb, and a lone UTF-16 surrogate is not
// Unicode at all (JSON can still spell both, "\u0000" and "\ud800"), so such
// text is the sender's mistake to fix, refused before anything is written.

// In a `u` regex a well-formed surrogate pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/** Why this string cannot be stored, or null when it can. */
export function textProblem(value: string): string | null {
  if (value.includes("\0")) return "contains a NUL character (\\u0000), which the database cannot store";
  if (LONE_SURROGATE.test(value)) return "contains a lone UTF-16 surrogate, which is not valid Unicode";
  return null;
}

/** A string of at most `max` characters that the database can store. */
export function cleanText(max: number, tooLong = `Too long: at most ${max} characters.`) {
  return z
    .string()
    .max(max, tooLong)
    .superRefine((value, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/**
 * The first string (object keys included) in a parsed JSON value that cannot
 * be stored, with its path. Walks with its own stack: the value may be as deep
 * as the sender made it.
 */
export function firstUnstorableText(value: unknown): { path: (string | number)[]; problem: string } | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      const problem = textProblem(current);
      if (problem) return { path, problem };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
    } else if (typeof current === "object" && current !== null) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        const problem = textProblem(key);
        if (problem) return { path, problem: `an object key ${problem}` };
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * How deeply arrays and objects nest in a JSON text, counted without parsing
 * it, so a body nested thousands deep is refused before JSON.parse and the
 * recursive code after it (validation, the database driver) ever see it.
 * Stops counting once past `limit`.
 */
export function jsonNestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Deeper than anything the app writes (a thread file's tool output is about
 * ten levels) and shallow enough that no recursive code downstream can run
 * out of stack on it.
 */
export const MAX_JSON_DEPTH = 64;

/** Why a JSON text is refused, in words that name it (`name`: "request body", "thread file"). */
export type JsonTextProblem = { kind: "nesting" | "json" | "text"; message: string };

/**
 * A JSON text parsed, or why not: nested too deeply (checked before
 * JSON.parse), not JSON, or (unless `anyText`, for a caller that checks the
 * text it keeps itself) holding a string the database cannot store anywhere
 * in it.
 */
export function parseJsonText(raw: string, name: string, { anyText = false } = {}): { value: unknown } | { problem: JsonTextProblem } {
  if (jsonNestingExceeds(raw, MAX_JSON_DEPTH)) {
    return { problem: { kind: "nesting", message: `The ${name} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.` } };
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { problem: { kind: "json", message: `The ${name} is not valid JSON.` } };
  }
  const unstorable = anyText ? null : firstUnstorableText(value);
  if (unstorable) {
    const where = unstorable.path.length > 0 ? unstorable.path.join(".") : name;
    return { problem: { kind: "text", message: `${where}: ${unstorable.problem}.` } };
  }
  return { value };
}
