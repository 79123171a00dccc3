import { jsonSchema, zodSchema, type JSONSchema7, type Schema } from "ai";
import type { z } from "zod";

// The JSON schemas the app sends a model (tool inputs, the memory pass's
// output) must be ones every provider accepts and every engine enforces.
// OpenAI's strict mode answers 400 to a schema with an optional property, an
// open object or a keyword outside its subset; llama.cpp's grammars (Ollama,
// LM Studio, llama.cpp server, node-llama-cpp) silently ignore `minimum` and
// friends, so a model emits values the app's own validation then rejects.
// So the schema sent holds only structure, and range checks run in code after
// parsing, where one bad value drops one item instead of failing a whole call.

/** Keywords the schema sent may use: structure only, plus the array bound grammars and OpenAI both enforce. */
export const PORTABLE_KEYWORDS = new Set([
  "$schema",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "description",
  "title",
  "maxItems",
]);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Where a schema breaks the portable subset, one line per problem: a keyword
 * outside it, an object open to extra keys, or a property left out of
 * `required` (optional inputs are nullable instead). Empty when it is portable.
 */
export function schemaProblems(schema: unknown, at = "$"): string[] {
  if (!isNode(schema)) return [`${at}: not a schema object`];
  const problems: string[] = [];
  for (const key of Object.keys(schema)) if (!PORTABLE_KEYWORDS.has(key)) problems.push(`${at}: keyword "${key}" is not supported`);
  const properties = schema.properties;
  if (schema.type === "object" || isNode(properties)) {
    if (schema.additionalProperties !== false) problems.push(`${at}: objects must set additionalProperties: false`);
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const [name, child] of Object.entries(isNode(properties) ? properties : {})) {
      if (!required.has(name)) problems.push(`${at}.${name}: every property must be required (use null for "not given")`);
      problems.push(...schemaProblems(child, `${at}.${name}`));
    }
  }
  if (schema.items !== undefined) problems.push(...schemaProblems(schema.items, `${at}[]`));
  if (Array.isArray(schema.anyOf)) schema.anyOf.forEach((option, i) => problems.push(...schemaProblems(option, `${at}|${i}`)));
  return problems;
}

const SAFE_INTEGER_BOUNDS = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } as const;

/** Zod writes `.int()` as an integer bounded to the safe range: a bound no one needs and strict providers refuse. */
function withoutSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSafeIntegerBounds);
  if (!isNode(node)) return node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (node.type === "integer" && (key === "minimum" || key === "maximum") && value === SAFE_INTEGER_BOUNDS[key]) continue;
    out[key] = withoutSafeIntegerBounds(value);
  }
  return out;
}

/**
 * A zod schema as the AI SDK schema the app sends: validated with zod, sent
 * as its JSON schema with zod's integer artefact removed. Anything else the
 * zod schema adds (a length, a minimum) stays, so the contract test catches it.
 */
export function portableSchema<T>(schema: z.ZodType<T>): Schema<T> {
  const base = zodSchema(schema);
  return jsonSchema<T>(async () => withoutSafeIntegerBounds(await base.jsonSchema) as JSONSchema7, {
    validate: (value) => base.validate!(value),
  });
}
