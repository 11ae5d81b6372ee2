import { InvalidOptionError } from '../errors/invalid-option-error.js';

/**
 * `value` as canonical JSON: object keys sorted by UTF-16 code units, no whitespace, strings and
 * numbers as `JSON.stringify` writes them. For the values JSON carries this is RFC 8785 (JCS), so
 * two processes (or two languages) that hold the same input get the same text, and the same digest.
 * Throws `InvalidOptionError` for what JSON cannot hold: `undefined` in an array, a function, a
 * symbol, a bigint, a non-finite number, a cycle. An object property that is `undefined` is left
 * out, as `JSON.stringify` leaves it out.
 */
export function canonicalJson(value: unknown, option = 'input'): string {
  return write(value, option, new Set());
}

function write(value: unknown, path: string, open: Set<object>): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(path, `${value} is not a JSON number`);
    return JSON.stringify(value);
  }
  if (typeof value !== 'object') return fail(path, `a ${typeof value} is not JSON`);
  if (open.has(value)) fail(path, 'a cycle is not JSON');
  open.add(value);
  try {
    if (Array.isArray(value)) {
      return `[${value.map((item, i) => (item === undefined ? fail(`${path}[${i}]`, 'undefined is not JSON') : write(item, `${path}[${i}]`, open))).join(',')}]`;
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${write(record[key], `${path}.${key}`, open)}`).join(',')}}`;
  } finally {
    open.delete(value);
  }
}

function fail(option: string, message: string): never {
  throw new InvalidOptionError({ option, message });
}
