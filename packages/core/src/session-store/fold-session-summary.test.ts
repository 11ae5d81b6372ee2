import { describe, expect, it } from 'vitest';
import { foldSessionSummary } from './fold-session-summary.js';

const key = { projectKey: 'p', sessionId: 's1' };
const user = (content: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'user',
  uuid: crypto.randomUUID(),
  timestamp: '2026-11-23T10:00:00.000Z',
  message: { role: 'user', content },
  ...extra,
});

describe('foldSessionSummary', () => {
  it('freezes set-once fields and lets last-wins fields follow the latest entry', () => {
    const first = foldSessionSummary(undefined, key, [user('hello there', { cwd: '/a', gitBranch: 'main' })], {
      mtime: 5,
    });
    expect(first).toEqual({
      sessionId: 's1',
      mtime: 5,
      data: {
        isSidechain: false,
        createdAt: Date.parse('2026-11-23T10:00:00.000Z'),
        cwd: '/a',
        firstPrompt: 'hello there',
        firstPromptLocked: true,
        gitBranch: 'main',
      },
    });
    const second = foldSessionSummary(
      first,
      key,
      [
        user('second prompt', { cwd: '/b', gitBranch: 'dev', timestamp: '2026-11-24T00:00:00.000Z' }),
        { type: 'custom-title', customTitle: 'Named' },
        { type: 'tag', tag: 'important' },
        { type: 'summary', summary: 'a hint' },
      ],
      { mtime: 9 },
    );
    expect(second.mtime).toBe(9);
    expect(second.data).toMatchObject({
      cwd: '/a',
      firstPrompt: 'hello there',
      createdAt: Date.parse('2026-11-23T10:00:00.000Z'),
      gitBranch: 'dev',
      customTitle: 'Named',
      tag: 'important',
      summaryHint: 'a hint',
    });
    expect(first.data.gitBranch).toBe('main');
  });

  it('keeps the previous mtime without one, clears a tag with an empty one, and follows relocation', () => {
    const a = foldSessionSummary(undefined, key, [{ type: 'tag', tag: 'x' }], { mtime: 3 });
    const b = foldSessionSummary(a, key, [
      { type: 'tag', tag: '' },
      { type: 'relocated', relocatedCwd: '/moved' },
    ]);
    expect(b.mtime).toBe(3);
    expect(b.data.tag).toBeUndefined();
    expect(b.data.cwd).toBe('/moved');
  });

  it('skips meta, tool results and injected markup for the first prompt, and remembers a slash command', () => {
    const s = foldSessionSummary(undefined, key, [
      user('ignored', { isMeta: true }),
      user([{ type: 'tool_result', tool_use_id: 't', content: 'r' }]),
      user('<command-name>/review</command-name>'),
      user('<system-reminder>x</system-reminder>'),
      user([{ type: 'text', text: `line one\nline two ${'y'.repeat(300)}` }]),
    ]);
    expect(s.data.commandFallback).toBe('/review');
    expect(s.data.firstPrompt).toMatch(/^line one line two y+…$/);
    expect((s.data.firstPrompt as string).length).toBe(201);
  });

  it('turns bash input into a shell prompt and marks sidechains', () => {
    const s = foldSessionSummary(undefined, key, [user('<bash-input>ls -la</bash-input>', { isSidechain: true })]);
    expect(s.data.firstPrompt).toBe('! ls -la');
    expect(s.data.isSidechain).toBe(true);
  });
});
