import { inputDigest } from '@hexagent/core';

/** What a zod schema offers to parse one value, whichever zod made it (v3, v4 classic or mini). */
interface SafeParser {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

/**
 * The input to present to the ledger for the arguments an in-process handler received. A handler
 * gets what the tool's zod shape parsed (defaults added, unknown keys stripped), not the input the
 * model wrote, so the arguments are compared with each input the record allows (the requested one,
 * the approved edit), raw and parsed by the same shape; the matching input is presented, so the
 * ledger's digest check passes. When nothing matches, the arguments are presented as they are and
 * the ledger sees another input (the call is refused, never run).
 */
export function presentedInput(
  args: Record<string, unknown>,
  allowed: ReadonlyArray<Record<string, unknown>>,
  inputSchema: unknown,
): Record<string, unknown> {
  const digest = inputDigest(args);
  for (const input of allowed) {
    if (inputDigest(input) === digest) return input;
    const parsed = parseWithShape(inputSchema, input);
    if (parsed !== undefined && inputDigest(parsed) === digest) return input;
  }
  return args;
}

/**
 * `input` parsed field by field by a zod raw shape, as `z.object(shape)` would (unknown keys
 * stripped); `undefined` when the schema is no zod shape, a field does not parse, or a field's
 * schema cannot parse on its own.
 */
function parseWithShape(schema: unknown, input: Record<string, unknown>): Record<string, unknown> | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const shape = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    if (typeof (field as Partial<SafeParser> | null)?.safeParse !== 'function') return undefined;
    const result = (field as SafeParser).safeParse(input[key]);
    if (!result.success) return undefined;
    if (result.data !== undefined) out[key] = result.data;
  }
  return out;
}
