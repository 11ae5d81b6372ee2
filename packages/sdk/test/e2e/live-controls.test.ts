/**
 * The live controls of a query against the real CLI and the scripted model: file checkpoints and
 * rewind, in-process servers added mid-session, an external server's status/toggle/reconnect, what
 * the initialize answer reports, usage, and an interrupt's receipt.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AsyncQueue } from '@hexagent/core';
import {
  ControlRequestError,
  createSdkMcpServer,
  type Options,
  type Query,
  query,
  type SDKMessage,
  type SDKUserMessageInput,
  tool,
} from '@hexagent/sdk';
import { resultText, TestScope, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

const ECHO_SERVER = fileURLToPath(new URL('./fixtures/stdio-mcp-server.mjs', import.meta.url));

const scope = new TestScope();
afterEach(() => scope.cleanup());

/** A streaming query whose input stays open until the test ends; closed after the test. */
function openQuery(options: Options): {
  run: Query;
  input: AsyncQueue<SDKUserMessageInput>;
} {
  const input = new AsyncQueue<SDKUserMessageInput>();
  const run = query({ prompt: input, options });
  scope.defer(() => run[Symbol.asyncDispose]());
  return { run, input };
}

/** Reads `run` up to and including the next `result`. */
async function nextResult(run: Query): Promise<SDKMessage[]> {
  const messages: SDKMessage[] = [];
  for (let next = await run.next(); !next.done; next = await run.next()) {
    messages.push(next.value);
    if (next.value.type === 'result') break;
  }
  return messages;
}

describe('live controls against the real CLI', () => {
  it('rewindFiles() restores a file a tool wrote (dry run first); readFile() reads it; unknown ids reject', async () => {
    const cwd = scope.tempDir('hexagent-controls-');
    const harness = await scope.startCliHarness([
      { content: [toolUse('Write', { file_path: 'note.txt', content: 'v1' })] },
      { content: [text('written')] },
    ]);
    // enableFileCheckpointing sets this variable; the option itself is another change's work.
    const env = { ...harness.env, CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: 'true' };
    const { run, input } = openQuery({ env, cwd, permissionMode: 'acceptEdits' });
    const uuid = randomUUID();
    input.push({ type: 'user', message: { role: 'user', content: 'write it' }, uuid });
    await nextResult(run);
    const note = join(cwd, 'note.txt');
    expect(existsSync(note)).toBe(true);

    expect(await run.readFile('note.txt')).toMatchObject({ contents: 'v1', absPath: note });
    expect(await run.readFile('missing.txt')).toBeNull();
    await expect(run.seedReadState(note, Date.now())).resolves.toBeUndefined();

    const preview = await run.rewindFiles(uuid, { dryRun: true });
    expect(preview).toMatchObject({ canRewind: true, filesChanged: [note] });
    expect(existsSync(note)).toBe(true);
    expect(await run.rewindFiles(uuid)).toMatchObject({ canRewind: true });
    expect(existsSync(note)).toBe(false);

    const error = await run.rewindFiles(randomUUID()).catch((caught: unknown) => caught);
    expect(ControlRequestError.isInstance(error)).toBe(true);
    expect((error as ControlRequestError).cliMessage).toContain('No file checkpoint found');
  });

  it('setMcpServers() adds an in-process server mid-session whose tool the model then calls; the one left out goes', async () => {
    const calls: Array<Record<string, unknown>> = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async (args) => {
          calls.push(args);
          return { content: [{ type: 'text', text: String(args.a + args.b) }] };
        }),
      ],
    });
    const old = createSdkMcpServer({ name: 'old', tools: [] });
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__add', { a: 15, b: 27 })] },
      { content: [text('forty-two')] },
    ]);
    const { run, input } = openQuery({ env: harness.env, mcpServers: { old }, allowedTools: ['mcp__calc__add'] });
    await run.initializationResult();

    expect(await run.setMcpServers({ calc })).toMatchObject({ added: ['calc'], removed: ['old'], errors: {} });
    // The CLI connects the new server over mcp_message; the next turn sees its tools once it is up.
    await expect
      .poll(async () => (await run.mcpServerStatus()).map((server) => `${server.name}:${server.status}`), {
        timeout: 30_000,
      })
      .toEqual(['calc:connected']);
    input.push({ type: 'user', message: { role: 'user', content: 'add' } });
    const messages = await nextResult(run);
    expect(calls).toEqual([{ a: 15, b: 27 }]);
    expect(resultText(harness.server.toolResults()[0]?.content)).toBe('42');
    expect((messages.at(-1) as { result?: string }).result).toBe('forty-two');

    // A fresh initialize names the servers the session has now.
    expect((await run.reinitialize()).claude_code_version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('mcpServerStatus(), toggleMcpServer() and reconnectMcpServer() act on an external stdio server', async () => {
    const harness = await scope.startCliHarness([]);
    const { run } = openQuery({
      env: harness.env,
      mcpServers: { echo: { type: 'stdio', command: process.execPath, args: [ECHO_SERVER] } },
    });
    const status = async () => (await run.mcpServerStatus()).find((server) => server.name === 'echo');
    await expect.poll(async () => (await status())?.status, { timeout: 15_000 }).toBe('connected');
    expect(await status()).toMatchObject({ tools: [expect.objectContaining({ name: 'echo' })] });

    await run.toggleMcpServer('echo', false);
    expect((await status())?.status).toBe('disabled');
    const disabled = await run.reconnectMcpServer('echo').catch((caught: unknown) => caught);
    expect(ControlRequestError.isInstance(disabled)).toBe(true);
    await run.toggleMcpServer('echo', true);
    await expect.poll(async () => (await status())?.status, { timeout: 15_000 }).toBe('connected');
    await expect(run.reconnectMcpServer('echo')).resolves.toBeUndefined();
    expect((await status())?.status).toBe('connected');

    const unknown = await run.toggleMcpServer('nope', true).catch((caught: unknown) => caught);
    expect((unknown as ControlRequestError).cliMessage).toBe('Server not found: nope');
    expect(await run.setMcpPermissionModeOverride('echo', 'default')).toEqual({});
    const notUi = await run.readMcpResource('echo', 'file:///x').catch((caught: unknown) => caught);
    expect((notUi as ControlRequestError).cliMessage).toContain('ui://');
  });

  it('accountInfo(), supportedAgents(), supportedModels() come from the initialize answer; usage and other controls answer', async () => {
    const harness = await scope.startCliHarness([]);
    const { run } = openQuery({ env: harness.env });
    const init = await run.initializationResult();
    expect(await run.accountInfo()).toEqual(init.account);
    expect((await run.accountInfo()).apiKeySource).toBe('ANTHROPIC_API_KEY');
    expect(await run.supportedAgents()).toEqual(init.agents);
    expect((await run.supportedAgents()).length).toBeGreaterThan(0);
    expect((await run.supportedModels()).map((model) => model.value)).toContain('sonnet');
    expect(await run.supportedCommands()).toEqual(init.commands);

    const usage = await run.getContextUsage({ detail: 'summary' });
    expect(usage.categories.length).toBeGreaterThan(0);
    expect(typeof usage.totalTokens).toBe('number');
    expect((await run.getContextUsage()).categories.length).toBeGreaterThan(0);
    const report = await run.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET({ skipBehaviors: true });
    expect(report).toMatchObject({ rate_limits_available: false, behaviors: null });

    await expect(run.stopTask('no-such-task')).resolves.toBeUndefined();
    expect(await run.backgroundTasks('toolu_nope')).toBe(false);
    await expect(run.setMaxThinkingTokens(2000, 'summarized')).resolves.toBeUndefined();
    await expect(run.applyFlagSettings({ permissions: { allow: ['Read'] } })).resolves.toBeUndefined();
    expect((await run.reloadOutputStyles()).available_output_styles).toContain('default');
    expect(Array.isArray((await run.reloadSkills()).skills)).toBe(true);
    expect((await run.reloadPlugins()).error_count).toBe(0);
  });

  it('interrupt() mid-turn resolves with the receipt and ends the turn', async () => {
    // Held well past the interrupt: at CI load the CLI's cold start alone took over 10 s.
    const harness = await scope.startCliHarness([{ content: [text('too slow')], delayMs: 30_000 }]);
    const { run, input } = openQuery({ env: harness.env });
    input.push({ type: 'user', message: { role: 'user', content: 'slow question' } });
    const server = harness.server;
    await expect.poll(() => server.messageRequests.length).toBe(1);
    expect(await run.interrupt()).toEqual({ still_queued: [] });
    const messages = await nextResult(run);
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'error_during_execution' });
  });
});
