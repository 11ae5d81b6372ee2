import type { SessionStoreEntry } from '@hexagent/core';

/** A fixed ISO timestamp, so summaries folded in any order agree on `createdAt`. */
export const FIXED_TIMESTAMP = '2026-11-23T10:00:00.000Z';

let counter = 0;

/** A unique id for a test's project key, session id or entry uuid. */
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A user entry as the CLI writes it: a prompt, a uuid and a timestamp, plus `extra`. */
export function userEntry(content: string, extra: Record<string, unknown> = {}): SessionStoreEntry {
  return {
    type: 'user',
    uuid: uniqueId('u'),
    timestamp: FIXED_TIMESTAMP,
    message: { role: 'user', content },
    ...extra,
  };
}

/** An assistant entry with a uuid. */
export function assistantEntry(text: string): SessionStoreEntry {
  return {
    type: 'assistant',
    uuid: uniqueId('a'),
    timestamp: FIXED_TIMESTAMP,
    message: { role: 'assistant', content: [{ type: 'text', text }] },
  };
}

/**
 * An entry exercising what JSON allows: nesting, arrays, empty containers, `null`, booleans,
 * numbers at the edges of an IEEE double, and text that trips up encoders (emoji, CJK, RTL,
 * combining marks, U+2028/U+2029, control characters, NUL, lone escapes).
 */
export function awkwardEntry(): SessionStoreEntry {
  return {
    type: 'assistant',
    uuid: uniqueId('awkward'),
    timestamp: FIXED_TIMESTAMP,
    nested: { a: [1, [2, [3, { b: null, c: true, d: false }]]], empty: {}, none: [] },
    numbers: [
      0,
      -1,
      0.1,
      1e21,
      -2.5e-7,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      123456789.12345679,
    ],
    text: 'emoji 😀👩‍👩‍👧 CJK 漢字かな 한국어 RTL مرحبا שלום combining é ñ\u0301 seps \u2028\u2029 ctl \u0001\t\n\r nul \u0000 quote " backslash \\ slash /',
    'key with spaces and ünïcödé 🔑': 'value',
    zKey: 1,
    aKey: 2,
  };
}

/**
 * The batches of the summary checks: each one contributes a field of the summary that no other
 * batch touches, so a summary missing any of them lost an update, whatever order they landed in.
 */
export function summaryBatches(): SessionStoreEntry[][] {
  return [
    [userEntry('the first prompt', { cwd: '/work/project', gitBranch: 'main' }), assistantEntry('hi')],
    [{ type: 'custom-title', customTitle: 'A title' }],
    [{ type: 'ai-title', aiTitle: 'An AI title' }],
    [{ type: 'last-prompt', lastPrompt: 'the latest prompt' }],
    [{ type: 'summary', summary: 'a summary hint' }],
    [{ type: 'tag', tag: 'important' }],
    [assistantEntry('more'), assistantEntry('and more')],
  ];
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Entry `i` of a transcript, with its index (for order checks) and a fixed timestamp. */
export function numberedEntry(i: number): SessionStoreEntry {
  return { type: 'assistant', uuid: `u-${i}`, timestamp: FIXED_TIMESTAMP, index: i };
}

/** Entry `i` with the fields the summary folds (first prompt, last-wins fields), so that order matters. */
export function foldedEntry(i: number): SessionStoreEntry {
  return {
    ...numberedEntry(i),
    type: i % 4 === 0 ? 'user' : 'assistant',
    timestamp: new Date(Date.UTC(2026, 10, 23, 10, 0, i)).toISOString(),
    cwd: `/work/${i}`,
    gitBranch: `branch-${i}`,
    ...(i % 7 === 0 && { customTitle: `title ${i}` }),
    message: i % 4 === 0 ? { role: 'user', content: `prompt ${i}` } : { role: 'assistant', content: [] },
  };
}
