import { isPlainObject } from './is-plain-object.js';

/** How a tool's `inputSchema` was given, or why it is not usable. */
export type InputSchemaKind = { kind: 'zod' } | { kind: 'json-schema' } | { kind: 'invalid'; reason: string };

/** True for a zod schema of v3 (`_def` and `safeParse`) or v4 classic/mini (`_zod`). Loads no zod. */
export function isZodSchema(value: unknown): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  if ('_zod' in value) return true;
  return '_def' in value && typeof (value as { safeParse?: unknown }).safeParse === 'function';
}

function isJsonSchemaValue(value: unknown): boolean {
  return typeof value === 'boolean' || (isPlainObject(value) && !isZodSchema(value));
}

/**
 * Tells a zod raw shape (`{ a: z.number() }`: every value a zod schema) from a JSON Schema object
 * (`{ type: 'object', properties: { a: { type: 'number' } } }`: plain objects all the way down).
 * `{}` counts as a JSON Schema for a tool without arguments. Nothing is imported to decide.
 */
export function inputSchemaKind(schema: unknown): InputSchemaKind {
  if (isZodSchema(schema)) {
    return {
      kind: 'invalid',
      reason: 'inputSchema is a zod schema; pass its raw shape instead (`{ a: z.number() }`, or `schema.shape`)',
    };
  }
  if (!isPlainObject(schema)) {
    return { kind: 'invalid', reason: 'inputSchema must be a zod raw shape or a JSON Schema object' };
  }
  const values = Object.values(schema);
  if (values.length === 0) return { kind: 'json-schema' };
  const zodValues = values.filter(isZodSchema).length;
  if (zodValues === values.length) return { kind: 'zod' };
  if (zodValues > 0) {
    const bad = Object.keys(schema).filter((key) => !isZodSchema(schema[key]));
    return {
      kind: 'invalid',
      reason: `inputSchema mixes zod schemas with other values (${bad.map((key) => JSON.stringify(key)).join(', ')}); every value of a zod raw shape must be a zod schema`,
    };
  }
  if (schema['type'] !== undefined && schema['type'] !== 'object') {
    return {
      kind: 'invalid',
      reason: `a JSON Schema inputSchema must describe an object (type: 'object'), not type ${JSON.stringify(schema['type'])}`,
    };
  }
  const properties = schema['properties'];
  if (properties !== undefined) {
    if (!isPlainObject(properties)) {
      return { kind: 'invalid', reason: 'inputSchema.properties must be an object of JSON Schemas' };
    }
    const bad = Object.keys(properties).filter((key) => !isJsonSchemaValue(properties[key]));
    if (bad.length > 0) {
      return {
        kind: 'invalid',
        reason: `inputSchema.properties ${bad.map((key) => JSON.stringify(key)).join(', ')} must be JSON Schema objects`,
      };
    }
  }
  if (schema['type'] === undefined && properties === undefined && schema['$schema'] === undefined) {
    return {
      kind: 'invalid',
      reason:
        "inputSchema is neither a zod raw shape (its values must be zod schemas) nor a JSON Schema object (give it type: 'object' and properties)",
    };
  }
  return { kind: 'json-schema' };
}
