import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  archiveSession,
  deleteSession,
  forkSession,
  getSessionInfo,
  getSessionMessages,
  getSubagentMessages,
  InvalidSessionArgumentError,
  listSessions,
  listSubagents,
  renameSession,
  SessionNotFoundError,
  tagSession,
  unarchiveSession,
} from '@hexagent/sessions';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_ID, AGENT_SESSION, FIXTURE_DIR, QUEUED_SESSION, TOOL_SESSION, tempConfigDir } from './config-dir.js';

let config: ReturnType<typeof tempConfigDir>;
beforeEach(() => {
  config = tempConfigDir();
});
afterEach(() => config.dispose());

const MISSING = '00000000-0000-4000-8000-000000000000';
const contentText = (message: unknown) => JSON.stringify((message as { content?: unknown }).content);

describe('session functions on transcripts the real CLI wrote', () => {
  it('lists both sessions with their titles, prompts and metadata, newest first, paged', async () => {
    const all = await listSessions();
    expect(all.map((s) => s.sessionId).sort()).toEqual([AGENT_SESSION, QUEUED_SESSION, TOOL_SESSION].sort());
    const tool = all.find((s) => s.sessionId === TOOL_SESSION);
    expect(tool).toMatchObject({
      summary: 'SECOND what next',
      firstPrompt: 'FIRST add 15 and 27',
      cwd: FIXTURE_DIR,
      gitBranch: 'HEAD',
      createdAt: Date.parse('2026-11-23T21:37:40.643Z'),
    });
    expect(tool?.fileSize).toBeGreaterThan(65_536);
    expect(tool).not.toHaveProperty('archived');
    expect(await listSessions({ dir: FIXTURE_DIR })).toEqual(all.filter((s) => s.sessionId !== QUEUED_SESSION));
    const page = await listSessions({ limit: 1, offset: 1 });
    expect(page).toHaveLength(1);
    expect(await listSessions({ dir: '/nowhere/at/all' })).toEqual([]);
    expect(await listSessions({ includeProgrammatic: false })).toEqual([]);
    expect(await getSessionInfo(TOOL_SESSION, { dir: FIXTURE_DIR })).toEqual(tool);
    expect(await getSessionInfo(MISSING)).toBeUndefined();
    expect(await getSessionInfo('not-a-uuid')).toBeUndefined();
  });

  it('reads the conversation along the parentUuid chain, with paging', async () => {
    const messages = await getSessionMessages(TOOL_SESSION);
    expect(messages.map((m) => m.type)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(contentText(messages[0]?.message)).toContain('FIRST add 15 and 27');
    expect(contentText(messages[1]?.message)).toContain('toolu_add');
    expect(contentText(messages[2]?.message)).toContain('tool_result');
    expect(contentText(messages[3]?.message)).toContain('sum is 42');
    expect(contentText(messages[5]?.message)).toContain('second answer');
    expect(messages[0]).toMatchObject({ session_id: TOOL_SESSION, parent_tool_use_id: null, parent_agent_id: null });
    expect(await getSessionMessages(TOOL_SESSION, { offset: 2, limit: 2 })).toEqual(messages.slice(2, 4));
    expect(await getSessionMessages(MISSING)).toEqual([]);
  });

  it('shows a prompt delivered while a tool ran where the CLI put it, marked as queued', async () => {
    const messages = await getSessionMessages(QUEUED_SESSION);
    const texts = messages.map((m) => `${m.type}:${contentText(m.message)}`);
    expect(texts[0]).toContain('START a slow thing');
    const queued = messages.findIndex((m) => (m as { isQueuedCommand?: boolean }).isQueuedCommand === true);
    expect(texts[queued]).toBe('user:"QUEUED while busy"');
    expect(texts[queued - 1]).toContain('tool_result');
    expect(texts.at(-1)).toContain('slow done');
  });

  it('lists the sub-agent and reads its conversation with the spawning tool call', async () => {
    expect(await listSubagents(AGENT_SESSION)).toEqual([AGENT_ID]);
    expect(await listSubagents(TOOL_SESSION)).toEqual([]);
    const messages = await getSubagentMessages(AGENT_SESSION, AGENT_ID);
    expect(messages.map((m) => m.type)).toEqual(['user', 'assistant']);
    expect(contentText(messages[0]?.message)).toContain('SUBTASK');
    expect(messages[1]).toMatchObject({ parent_tool_use_id: 'toolu_agent', parent_agent_id: null });
    expect(await getSubagentMessages(AGENT_SESSION, 'nope')).toEqual([]);
  });

  it('forks with fresh uuids and the same chain, whole or up to a message, titled "(fork)"', async () => {
    const source = await getSessionMessages(TOOL_SESSION);
    const { sessionId } = await forkSession(TOOL_SESSION);
    const forked = await getSessionMessages(sessionId);
    expect(forked.map((m) => m.message)).toEqual(source.map((m) => m.message));
    expect(forked.every((m) => m.session_id === sessionId)).toBe(true);
    expect(forked.some((m) => source.some((s) => s.uuid === m.uuid))).toBe(false);
    expect((await getSessionInfo(sessionId))?.summary).toBe('FIRST add 15 and 27 (fork)');
    const cut = await forkSession(TOOL_SESSION, { upToMessageId: source[3]?.uuid as string, title: 'branch' });
    expect((await getSessionMessages(cut.sessionId)).map((m) => m.message)).toEqual(
      source.slice(0, 4).map((m) => m.message),
    );
    expect((await getSessionInfo(cut.sessionId))?.customTitle).toBe('branch');
    await expect(forkSession(TOOL_SESSION, { upToMessageId: 'nope' })).rejects.toSatisfy(
      SessionNotFoundError.isInstance,
    );
    await expect(forkSession(MISSING)).rejects.toSatisfy(SessionNotFoundError.isInstance);
  });

  it('renames, tags, archives and deletes', async () => {
    await renameSession(TOOL_SESSION, '  Parser work ');
    await tagSession(TOOL_SESSION, 'review');
    let info = await getSessionInfo(TOOL_SESSION);
    expect(info).toMatchObject({ summary: 'Parser work', customTitle: 'Parser work', tag: 'review' });
    await tagSession(TOOL_SESSION, null);
    await archiveSession(TOOL_SESSION);
    info = (await listSessions()).find((s) => s.sessionId === TOOL_SESSION);
    expect(info?.tag).toBeUndefined();
    expect(info?.archived).toBe(true);
    await unarchiveSession(TOOL_SESSION, { dir: FIXTURE_DIR });
    expect((await getSessionInfo(TOOL_SESSION))?.archived).toBe(false);
    await expect(renameSession(TOOL_SESSION, '  ')).rejects.toSatisfy(InvalidSessionArgumentError.isInstance);
    await expect(tagSession('x', 't')).rejects.toSatisfy(InvalidSessionArgumentError.isInstance);
    const missing = await renameSession(MISSING, 't').catch((e: unknown) => e);
    expect(SessionNotFoundError.isInstance(missing) && missing.code).toBe('SESSION_NOT_FOUND');

    await deleteSession(AGENT_SESSION);
    const folder = join(config.projects, '-tmp-h-sessfn-real-work');
    expect(existsSync(join(folder, `${AGENT_SESSION}.jsonl`))).toBe(false);
    expect(existsSync(join(folder, AGENT_SESSION))).toBe(false);
    expect((await listSessions({ dir: FIXTURE_DIR })).map((s) => s.sessionId)).toEqual([TOOL_SESSION]);
    await expect(deleteSession(AGENT_SESSION)).rejects.toSatisfy(SessionNotFoundError.isInstance);
  });
});
