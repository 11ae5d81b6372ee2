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

/** Absent, or a string that is not blank. */
export function optionalNonEmptyString(value: unknown, option: string): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || value.trim() === '') {
    fail(option, `must be a non-empty string, got ${describe(value)}`);
  }
}

/** Absent, or one of `allowed`. */
export function optionalOneOf(value: unknown, allowed: readonly string[], option: string): void {
  if (value !== undefined && !allowed.includes(value as string)) {
    fail(option, `must be one of ${allowed.join(', ')}, got ${describe(value)}`);
  }
}

/** Absent, or an integer at least `min`. */
export function optionalInteger(value: unknown, min: number, option: string): void {
  if (value !== undefined && !(Number.isInteger(value) && (value as number) >= min)) {
    fail(option, `must be an integer of at least ${min}, got ${describe(value)}`);
  }
}

/** Absent, or a list of names that each go into a comma-joined flag. */
export function toolList(list: unknown, option: string): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) fail(option, 'must be an array of names');
  list.forEach((item: unknown, index) => {
    if (typeof item !== 'string' || item.trim() === '' || /[,\r\n]/.test(item)) {
      fail(`${option}[${index}]`, `must be a non-empty name without commas or newlines, got ${describe(item)}`);
    }
  });
}

/** Absent, or an array of strings. */
export function stringArray(value: unknown, option: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    fail(option, 'must be an array of strings');
  }
}

/** Absent, or an object of string values. */
export function stringRecord(value: unknown, option: string): void {
  if (value === undefined) return;
  if (!isObject(value) || !Object.values(value).every((item) => typeof item === 'string')) {
    fail(option, 'must be an object of string values');
  }
}

/** An `http:` or `https:` URL. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
