import type { WireLine, WireRecording, WireSpawn } from './wire-recording.js';

/**
 * One difference between two recordings of a scenario. `id` is stable run to run (no line number,
 * no value that changes): the key an accepted difference is listed under.
 */
export interface WireDifference {
  id: string;
  text: string;
}

/**
 * Every difference from `expected` (the official SDK, or a reference recording) to `actual`:
 * processes started, argv (as a set of arguments), env, each direction's lines (aligned by label,
 * then compared field by field), the exit, what the app saw, a failure. `-` is in `expected` only,
 * `+` in `actual` only.
 */
export function diffRecordings(expected: WireRecording, actual: WireRecording): WireDifference[] {
  const differences: WireDifference[] = [];
  const at = (id: string, text: string) => differences.push({ id: `${expected.scenario}/${id}`, text });
  if (expected.failure !== actual.failure) {
    at('failure', `failure: ${expected.failure ?? 'none'} → ${actual.failure ?? 'none'}`);
  }
  if (expected.spawns.length !== actual.spawns.length) {
    at('spawns', `processes started: ${expected.spawns.length} → ${actual.spawns.length}`);
  }
  const count = Math.min(expected.spawns.length, actual.spawns.length);
  for (let index = 0; index < count; index++) {
    diffSpawn(expected.spawns[index] as WireSpawn, actual.spawns[index] as WireSpawn, (id, text) =>
      at(`spawn${index + 1}/${id}`, `process ${index + 1}: ${text}`),
    );
  }
  for (const step of align(expected.saw, actual.saw, (event) => event)) {
    if (step.expected === undefined) at(`saw/+${step.actual}`, `app saw: + ${step.actual}`);
    else if (step.actual === undefined) at(`saw/-${step.expected}`, `app saw: - ${step.expected}`);
  }
  return differences;
}

type Report = (id: string, text: string) => void;

function diffSpawn(expected: WireSpawn, actual: WireSpawn, at: Report): void {
  const expectedArgs = counts(expected.argv);
  const actualArgs = counts(actual.argv);
  for (const [arg, n] of expectedArgs) {
    if ((actualArgs.get(arg) ?? 0) < n) at(`argv/-${shortArg(arg)}`, `argv: - ${arg}`);
  }
  for (const [arg, n] of actualArgs) {
    if ((expectedArgs.get(arg) ?? 0) < n) at(`argv/+${shortArg(arg)}`, `argv: + ${arg}`);
  }
  for (const name of [...new Set([...Object.keys(expected.env), ...Object.keys(actual.env)])].sort()) {
    const before = expected.env[name];
    const after = actual.env[name];
    if (before === undefined) at(`env/+${name}`, `env: + ${name}=${after}`);
    else if (after === undefined) at(`env/-${name}`, `env: - ${name}=${before}`);
    else if (before !== after) at(`env/${name}`, `env: ${name}: ${before} → ${after}`);
  }
  diffLines('stdin', expected.stdin, actual.stdin, at);
  diffLines('stdout', expected.stdout, actual.stdout, at);
  if (expected.exit !== actual.exit) at('exit', `exit: ${expected.exit} → ${actual.exit}`);
}

function diffLines(channel: string, expected: WireLine[], actual: WireLine[], at: Report): void {
  const seenExpected = new Map<string, number>();
  const seenActual = new Map<string, number>();
  const nth = (seen: Map<string, number>, label: string) => {
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return n;
  };
  for (const step of align(expected, actual, (line) => line.label)) {
    if (step.expected === undefined && step.actual !== undefined) {
      const n = nth(seenActual, step.actual.label);
      at(
        `${channel}/+${step.actual.label}#${n}`,
        `${channel}: + ${step.actual.label} (#${n})${brief(step.actual.msg)}`,
      );
    } else if (step.actual === undefined && step.expected !== undefined) {
      const n = nth(seenExpected, step.expected.label);
      at(
        `${channel}/-${step.expected.label}#${n}`,
        `${channel}: - ${step.expected.label} (#${n})${brief(step.expected.msg)}`,
      );
    } else if (step.expected !== undefined && step.actual !== undefined) {
      const n = nth(seenExpected, step.expected.label);
      nth(seenActual, step.actual.label);
      for (const change of diffValues(step.expected.msg, step.actual.msg, '')) {
        at(
          `${channel}/${step.expected.label}#${n}/${change.path}`,
          `${channel} ${step.expected.label} (#${n}): ${change.text}`,
        );
      }
    }
  }
}

/** One field that differs between two JSON values. */
export interface ValueChange {
  /** Dotted path from the message root (`request.hooks.PreToolUse[0].matcher`); `.` for the root. */
  path: string;
  text: string;
}

/**
 * Field by field: a field only one side has, or a different value. Arrays of objects are compared
 * index by index; arrays of plain values as sets (an item added or removed).
 */
export function diffValues(expected: unknown, actual: unknown, path: string): ValueChange[] {
  const here = path === '' ? '.' : path;
  if (isRecord(expected) && isRecord(actual)) {
    const changes: ValueChange[] = [];
    for (const key of [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort()) {
      const child = path === '' ? key : `${path}.${key}`;
      if (!(key in actual)) changes.push({ path: child, text: `- ${child}: ${show(expected[key])}` });
      else if (!(key in expected)) changes.push({ path: child, text: `+ ${child}: ${show(actual[key])}` });
      else changes.push(...diffValues(expected[key], actual[key], child));
    }
    return changes;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    // A list of names (capabilities, tools): which were added or removed, not which index moved.
    if ([...expected, ...actual].every((item) => item === null || typeof item !== 'object')) {
      const before = new Set(expected.map((item) => JSON.stringify(item)));
      const after = new Set(actual.map((item) => JSON.stringify(item)));
      return [
        ...[...before]
          .filter((item) => !after.has(item))
          .map((item) => ({ path: `${path}[-${item}]`, text: `- ${path}[]: ${item}` })),
        ...[...after]
          .filter((item) => !before.has(item))
          .map((item) => ({ path: `${path}[+${item}]`, text: `+ ${path}[]: ${item}` })),
      ];
    }
    const changes: ValueChange[] = [];
    for (let index = 0; index < Math.max(expected.length, actual.length); index++) {
      const child = `${path}[${index}]`;
      if (index >= actual.length) changes.push({ path: child, text: `- ${child}: ${show(expected[index])}` });
      else if (index >= expected.length) changes.push({ path: child, text: `+ ${child}: ${show(actual[index])}` });
      else changes.push(...diffValues(expected[index], actual[index], child));
    }
    return changes;
  }
  if (JSON.stringify(expected) === JSON.stringify(actual)) return [];
  return [{ path: here, text: `${here}: ${show(expected)} → ${show(actual)}` }];
}

/** One step of an alignment: a pair, or an item on one side only. */
interface Step<T> {
  expected?: T;
  actual?: T;
}

/** Longest common subsequence of the two sequences by `key`; the rest in order on its side. */
export function align<T>(expected: readonly T[], actual: readonly T[], key: (item: T) => string): Step<T>[] {
  const a = expected.map(key);
  const b = actual.map(key);
  const table: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = table[i] as number[];
      row[j] = a[i] === b[j] ? (table[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(table[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const steps: Step<T>[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      steps.push({ expected: expected[i++] as T, actual: actual[j++] as T });
    } else if (j < b.length && (i >= a.length || (table[i]?.[j + 1] ?? 0) >= (table[i + 1]?.[j] ?? 0))) {
      steps.push({ actual: actual[j++] as T });
    } else steps.push({ expected: expected[i++] as T });
  }
  return steps;
}

function counts(items: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const item of items) map.set(item, (map.get(item) ?? 0) + 1);
  return map;
}

/** An argument as an id: a flag with its value up to 60 characters. */
function shortArg(arg: string): string {
  return arg.length > 60 ? `${arg.slice(0, 60)}…` : arg;
}

function brief(msg: unknown): string {
  return msg === undefined ? '' : `: ${show(msg)}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
