/** A JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** Whether `value` is a JSON object rather than an array, null or a scalar. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Lays `higher` over `lower` as the CLI merges settings tiers: objects merge key by key, two
 * arrays are joined without repeats (by identity, so equal objects both stay), anything else from
 * `higher` replaces what `lower` had. Neither argument is changed.
 */
export function mergeSettings<T extends JsonObject>(lower: T, higher: T): T {
  return merge(lower, higher, 'second') as T;
}

/**
 * Fills `higher` from `lower`: what `higher` sets stays, `lower` adds only what is missing, and
 * arrays keep `higher`'s items first. How managed sources combine where the highest one rules.
 */
export function mergeSettingsUnder<T extends JsonObject>(higher: T, lower: T): T {
  return merge(higher, lower, 'first') as T;
}

function merge(first: JsonObject, second: JsonObject, winner: 'first' | 'second'): JsonObject {
  const out: JsonObject = { ...first };
  for (const [key, value] of Object.entries(second)) {
    if (value === undefined) continue;
    const existing = out[key];
    if (isJsonObject(existing) && isJsonObject(value)) out[key] = merge(existing, value, winner);
    else if (Array.isArray(existing) && Array.isArray(value)) out[key] = [...new Set([...existing, ...value])];
    else if (existing === undefined || winner === 'second') out[key] = value;
  }
  return out;
}
