import type { ErrorObject } from 'ajv';

/** One problem with a tool's arguments: where it is and what is wrong. */
export interface ValidationIssue {
  /** Path of the offending value inside the arguments; empty for the arguments object itself. */
  path: readonly PropertyKey[];
  /** What is wrong, such as `expected number, got string`. */
  message: string;
}

/** A short name of a value's JSON type: `string`, `number`, `boolean`, `null`, `array`, `object`, `undefined`. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** `a`, `items[0].name`, or `(root)` for the arguments object itself. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

/** What a failed validation leaves when it names no problem. */
const NO_ISSUES = 'rejected by the input schema';

/** Issues as one line, sorted by path: `a: expected number, got string; b: is required`. */
export function formatIssues(issues: readonly ValidationIssue[]): string {
  // Sorted by path, so that both schema kinds report the same problems in the same order.
  const sorted = issues
    .map((issue, index) => ({ path: formatIssuePath(issue.path), message: issue.message, index }))
    .sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : x.index - y.index));
  const lines = [...new Set(sorted.map((issue) => `${issue.path}: ${issue.message}`))];
  return lines.length > 0 ? lines.join('; ') : NO_ISSUES;
}

/**
 * The message of a failed validation: `Invalid arguments for tool "add": a: expected number, got
 * string`, from issues or from a validator's own text.
 */
export function formatInvalidArguments(toolName: string, issues: readonly ValidationIssue[] | string): string {
  const text = typeof issues === 'string' ? issues.trim() || NO_ISSUES : formatIssues(issues);
  return `Invalid arguments for tool "${toolName}": ${text}`;
}

function pointerToPath(pointer: string, root: unknown): PropertyKey[] {
  if (pointer === '') return [];
  const path: PropertyKey[] = [];
  let value = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const key = Array.isArray(value) && /^\d+$/.test(segment) ? Number(segment) : segment;
    path.push(key);
    value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return path;
}

/** Turns ajv's errors (compiled with `allErrors`) into issues naming the field and the problem. */
export function issuesFromAjv(errors: readonly ErrorObject[], args: unknown): ValidationIssue[] {
  return errors.map((error) => {
    const path = pointerToPath(error.instancePath, args);
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'required':
        return { path: [...path, String(params['missingProperty'])], message: 'is required' };
      case 'additionalProperties':
        return { path: [...path, String(params['additionalProperty'])], message: 'is not an allowed property' };
      case 'type':
        return {
          path,
          message: `expected ${String(params['type'])}, got ${describeType(valueAt(args, path))}`,
        };
      case 'enum':
        return { path, message: `must be one of ${JSON.stringify(params['allowedValues'])}` };
      default:
        return { path, message: error.message ?? `fails "${error.keyword}"` };
    }
  });
}

interface ZodIssueLike {
  code?: unknown;
  path?: unknown;
  message?: unknown;
  expected?: unknown;
  keys?: unknown;
}

/** Turns a zod v3 or v4 error into issues naming the field and the problem. */
export function issuesFromZod(error: unknown, args: unknown): ValidationIssue[] {
  const issues = (error as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return [{ path: [], message: String(error) }];
  return issues.map((issue: ZodIssueLike) => {
    const path = Array.isArray(issue.path) ? (issue.path as PropertyKey[]) : [];
    if (issue.code === 'invalid_type') {
      const value = valueAt(args, path);
      if (value === undefined) return { path, message: 'is required' };
      return { path, message: `expected ${String(issue.expected)}, got ${describeType(value)}` };
    }
    if (issue.code === 'unrecognized_keys' && Array.isArray(issue.keys)) {
      return { path, message: `unexpected ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}` };
    }
    return { path, message: typeof issue.message === 'string' ? issue.message : 'is invalid' };
  });
}
