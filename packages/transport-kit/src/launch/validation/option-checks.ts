import { InvalidOptionError } from '@hexagent/core';

/** Throws `InvalidOptionError` for `option`. */
export function fail(option: string, message: string): never {
  throw new InvalidOptionError({ option, message });
}

/** A short, safe rendering of a value for an error message (strings quoted, objects by type). */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) {
    return String(value);
  }
  return typeof value;
}

/** A plain object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Absent, or an array of strings. */
export function stringArray(value: unknown, option: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    fail(option, 'must be an array of strings');
  }
}
