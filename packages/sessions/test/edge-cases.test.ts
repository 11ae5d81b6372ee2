/**
 * Transcript shapes the official SDK reads in particular ways; the expected results were checked
 * against the official functions (0.3.330) on the same files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getSessionInfo, getSessionMessages, listSessions } from '@hexagent/sessions';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempConfigDir } from './config-dir.js';

let config: ReturnType<typeof tempConfigDir>;
beforeEach(() => {
  config = tempConfigDir(false);
});
afterEach(() => config.dispose());

const LONG = `/tmp/${'very-long-directory-name/'.repeat(10)}end`;
const LONG_FOLDER = `${LONG.replace(/[^a-zA-Z0-9]/g, '-').slice(0, 200)}-orbgrw`;
const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const S = (c: string) => `${c.repeat(8)}-0000-4000-8000-00000000000${c === 'a' ? 1 : c === 'b' ? 2 : 4}`;
const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();

function write(folder: string, sessionId: string, lines: Array<Record<string, unknown> | string>): void {
  const dir = join(config.projects, folder);
  mkdirSync(dir, { recursive: true });
  const text = lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
  writeFileSync(join(dir, `${sessionId}.jsonl`), `${text}\n`);
}

function entry(sessionId: string, cwd: string) {
  return (n: number, parent: number | null, type: string, extra: Record<string, unknown> = {}) => ({
    parentUuid: parent === null ? null : U(parent),
    isSidechain: false,
    type,
    uuid: U(n),
    timestamp: at(n),
    sessionId,
    cwd,
    gitBranch: 'main',
    ...extra,
  });
}
const user = (content: unknown) => ({ message: { role: 'user', content } });
const assistant = (id: string, content: unknown[]) => ({ message: { id, role: 'assistant', content } });
const said = (uuids: Array<{ uuid: string; type: string }>) =>
  uuids.map((m) => `${m.uuid.slice(-2)}${m.type[0]}`).join(' ');

describe('transcript edge cases, as the official SDK reads them', () => {
  it('puts parallel tool calls back together, skips broken lines, titles by the AI title; finds a long-path project', async () => {
    const a = S('a');
    const e = entry(a, LONG);
    write(LONG_FOLDER, a, [
      e(1, null, 'user', user('do two things')),
      e(2, 1, 'assistant', assistant('msg_a', [{ type: 'tool_use', id: 't1', name: 'Read', input: {} }])),
      e(3, 2, 'assistant', assistant('msg_a', [{ type: 'tool_use', id: 't2', name: 'Read', input: {} }])),
      e(4, 2, 'user', {
        ...user([{ type: 'tool_result', tool_use_id: 't1', content: 'r1' }]),
        sourceToolAssistantUUID: U(2),
      }),
      e(5, 3, 'user', {
        ...user([{ type: 'tool_result', tool_use_id: 't2', content: 'r2' }]),
        sourceToolAssistantUUID: U(3),
      }),
      e(6, 5, 'assistant', assistant('msg_b', [{ type: 'text', text: 'both done' }])),
      '{"broken": ',
      e(7, 6, 'system', { subtype: 'informational', content: 'note' }),
      { type: 'ai-title', aiTitle: 'AI named', sessionId: a },
      e(8, 7, 'user', { ...user('<command-name>/compact</command-name>'), isMeta: true }),
    ]);
    expect(said(await getSessionMessages(a, { includeSystemMessages: true }))).toBe('01u 02a 03a 04u 05u 06a 07s');
    expect(said(await getSessionMessages(a))).toBe('01u 02a 03a 04u 05u 06a');
    const [info] = await listSessions({ dir: LONG });
    expect(info).toMatchObject({
      sessionId: a,
      summary: 'AI named',
      customTitle: 'AI named',
      firstPrompt: 'do two things',
      cwd: LONG,
    });
  });

  it('follows the latest branch after a rewind; summary and last tag from the tail', async () => {
    const b = S('b');
    const e = entry(b, '/x/y');
    write('-x-y', b, [
      e(11, null, 'user', user([{ type: 'image', source: {} }])),
      e(12, 11, 'assistant', assistant('m1', [{ type: 'text', text: 'first reply' }])),
      e(13, 12, 'user', user('old branch')),
      e(14, 13, 'assistant', assistant('m2', [{ type: 'text', text: 'old answer' }])),
      e(15, 12, 'user', user('new branch')),
      e(16, 15, 'assistant', assistant('m3', [{ type: 'text', text: 'new answer' }])),
      e(17, 16, 'progress', { data: {} }),
      { type: 'summary', summary: 'A summary', leafUuid: U(16) },
      { type: 'tag', tag: 'first', sessionId: b },
      { type: 'tag', tag: 'second', sessionId: b },
    ]);
    expect(said(await getSessionMessages(b))).toBe('11u 12a 15u 16a');
    expect(await getSessionInfo(b, { dir: '/x/y' })).toMatchObject({
      summary: 'A summary',
      tag: 'second',
      firstPrompt: 'old branch',
    });
  });

  it('starts after a compact boundary, follows relocation, and leaves sidechain transcripts out', async () => {
    const d = S('d');
    const e = entry(d, '/x/y');
    write('-x-y', d, [
      e(31, null, 'user', user('before compaction')),
      e(32, 31, 'assistant', assistant('c1', [{ type: 'text', text: 'old' }])),
      e(33, null, 'system', {
        subtype: 'compact_boundary',
        content: 'Compacted',
        compactMetadata: { trigger: 'manual' },
      }),
      e(34, 33, 'user', { ...user('summary of before'), isCompactSummary: true }),
      e(35, 34, 'user', user('after compaction')),
      e(36, 35, 'assistant', assistant('c2', [{ type: 'text', text: 'new' }])),
      { type: 'custom-title', customTitle: 'Compacted one', sessionId: d },
      { type: 'relocated', relocatedCwd: '/moved/here', sessionId: d },
    ]);
    write('-x-y', 'cccccccc-0000-4000-8000-000000000003', [
      { ...e(21, null, 'user', user('side')), isSidechain: true },
    ]);
    const messages = await getSessionMessages(d, { includeSystemMessages: true });
    expect(said(messages)).toBe('33s 34u 35u 36a');
    expect(messages[1]).toMatchObject({ isCompactSummary: true, is_meta: true });
    expect((await listSessions()).map((s) => [s.sessionId, s.summary, s.cwd])).toEqual([
      [d, 'Compacted one', '/moved/here'],
    ]);
  });

  it('leaves out a session that moved on to another one holding messages', async () => {
    const id = (n: number) => `eeeeeeee-0000-4000-8000-00000000000${n}`;
    const ended = (n: number) => ({
      type: 'continued-in',
      continuedInSessionId: id(n === 7 ? 9 : 6),
      sessionId: id(n),
    });
    const e = (sid: number) => entry(id(sid), '/x/y');
    const reply = {
      message: { id: 'q', role: 'assistant', content: [{ type: 'text', text: 'x' }], stop_reason: 'end_turn' },
    };
    write('-x-y', id(5), [e(5)(41, null, 'user', user('five')), e(5)(42, 41, 'assistant', reply), ended(5)]);
    write('-x-y', id(6), [e(6)(51, null, 'user', user('six'))]);
    write('-x-y', id(7), [e(7)(61, null, 'user', user('seven')), ended(7)]);
    write('-x-y', id(8), [e(8)(71, null, 'user', user('eight')), ended(8), e(8)(72, 71, 'user', user('eight again'))]);
    const listed = (await listSessions({ dir: '/x/y' })).map((s) => s.firstPrompt).sort();
    expect(listed).toEqual(['eight', 'seven', 'six']);
    expect((await getSessionInfo(id(5)))?.firstPrompt).toBe('five');
  });
});
