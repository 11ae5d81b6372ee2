import { randomUUID } from 'node:crypto';
import { query } from '@hexagent/sdk';
import { type CliHarness, collect, lastResult, systemInit, TestScope, text } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

let harness: CliHarness | undefined;
const scope = new TestScope();
afterEach(() => scope.cleanup());

const tempDir = (): string => scope.tempDir('hexagent-cwd-');

describe('CLI options against the real CLI', () => {
  it('cwd, tools, disallowedTools and sessionId shape the session', async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    const cwd = tempDir();
    const sessionId = randomUUID();
    const messages = await collect(
      query({
        prompt: 'hi',
        options: { env: harness.env, cwd, tools: ['Read', 'Grep', 'Bash'], disallowedTools: ['Bash'], sessionId },
      }),
    );
    const started = systemInit(messages);
    expect(started.cwd).toBe(cwd);
    const tools = started.tools as string[];
    expect(tools).toContain('Read');
    expect(tools).toContain('Grep');
    expect(tools).not.toContain('Bash');
    expect(tools).not.toContain('Write');
    expect(lastResult(messages).session_id).toBe(sessionId);
  });

  it('includePartialMessages streams stream_event messages', async () => {
    harness = await scope.startCliHarness([{ content: [text('streamed words here')] }]);
    const messages = await collect(
      query({ prompt: 'hi', options: { env: harness.env, includePartialMessages: true } }),
    );
    const events = messages.filter((message) => message.type === 'stream_event') as Array<{ event: { type: string } }>;
    const kinds = events.map((message) => message.event.type);
    expect(kinds).toContain('message_start');
    expect(kinds).toContain('content_block_delta');
    expect(kinds).toContain('message_stop');
    expect(lastResult(messages).result).toBe('streamed words here');
  });

  it('without includePartialMessages there are no stream_event messages', async () => {
    harness = await scope.startCliHarness([{ content: [text('plain')] }]);
    const messages = await collect(query({ prompt: 'hi', options: { env: harness.env } }));
    expect(messages.some((message) => message.type === 'stream_event')).toBe(false);
  });

  it('a preset system prompt with append keeps Claude Code’s prompt and adds the text', async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    await collect(
      query({
        prompt: 'hi',
        options: {
          env: harness.env,
          systemPrompt: { type: 'preset', preset: 'claude_code', append: 'Appended-marker-91c2.' },
        },
      }),
    );
    const system = harness.server.systemPrompt(harness.server.messageRequests[0]);
    expect(system).toContain('Appended-marker-91c2.');
    // The preset brings Claude Code's own (long) prompt along.
    expect(system.length).toBeGreaterThan(2000);
  });

  it('agents defined in options reach the CLI', async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    const messages = await collect(
      query({
        prompt: 'hi',
        options: {
          env: harness.env,
          agents: {
            'haiku-poet': { description: 'Writes haiku about code', prompt: 'You write haiku.', tools: ['Read'] },
          },
        },
      }),
    );
    expect(systemInit(messages).agents).toContain('haiku-poet');
  });

  it('forkSession with resume continues the conversation under a new session id', async () => {
    harness = await scope.startCliHarness([{ content: [text('first')] }, { content: [text('forked')] }]);
    const first = await collect(query({ prompt: 'one', options: { env: harness.env } }));
    const original = String(lastResult(first).session_id);
    const forked = await collect(
      query({ prompt: 'two', options: { env: harness.env, resume: original, forkSession: true } }),
    );
    expect(lastResult(forked).result).toBe('forked');
    expect(lastResult(forked).session_id).not.toBe(original);
    expect(JSON.stringify(harness.server.messageRequests[1]?.body.messages)).toContain('one');
  });

  it('continue picks up the most recent session in the same cwd', async () => {
    harness = await scope.startCliHarness([{ content: [text('remembered: kiwi')] }, { content: [text('continued')] }]);
    const cwd = tempDir();
    await collect(query({ prompt: 'remember kiwi', options: { env: harness.env, cwd } }));
    const next = await collect(query({ prompt: 'what fruit?', options: { env: harness.env, cwd, continue: true } }));
    expect(lastResult(next).result).toBe('continued');
    const sent = JSON.stringify(harness.server.messageRequests[1]?.body.messages);
    expect(sent).toContain('remember kiwi');
    expect(sent).toContain('remembered: kiwi');
  });

  it('the stderr callback and extraArgs reach the process', async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    const lines: string[] = [];
    await collect(
      query({
        prompt: 'hi',
        options: { env: harness.env, extraArgs: { 'debug-to-stderr': null }, stderr: (line) => lines.push(line) },
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
  });
});
