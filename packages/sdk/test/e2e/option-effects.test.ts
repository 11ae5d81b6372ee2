/**
 * Options whose effect the real CLI shows: structured output, the budget limit, a session kept off
 * the disk, a custom spawn, the main-thread agent, the tool set and permissions, thinking and effort.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { query, ResultError, type SpawnOptions } from '@hexagent/sdk';
import { findClaudeCli } from '@hexagent/sdk/adapters';
import {
  type CliHarness,
  collect,
  collectSettled,
  lastResult,
  resultText,
  systemInit,
  TestScope,
  text,
  toolUse,
} from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

let harness: CliHarness | undefined;
const scope = new TestScope();
afterEach(() => scope.cleanup());

describe('options with a visible effect on the real CLI', () => {
  it('outputFormat: the result carries the structured output', async () => {
    harness = await scope.startCliHarness([
      { content: [toolUse('StructuredOutput', { answer: 'forty-two' })] },
      { content: [text('done')] },
    ]);
    const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
    const messages = await collect(
      query({ prompt: 'answer', options: { env: harness.env, outputFormat: { type: 'json_schema', schema } } }),
    );
    expect(lastResult(messages).structured_output).toEqual({ answer: 'forty-two' });
    expect((harness.server.messageRequests[0]?.body.tools ?? []).map((tool) => tool.name)).toContain(
      'StructuredOutput',
    );
  });

  it('maxBudgetUsd: the run stops with error_max_budget_usd', async () => {
    harness = await scope.startCliHarness([
      { content: [toolUse('Bash', { command: 'echo 1' })] },
      { content: [toolUse('Bash', { command: 'echo 2' })] },
      { content: [text('end')] },
    ]);
    const { messages, error } = await collectSettled(
      query({ prompt: 'spend', options: { env: harness.env, maxBudgetUsd: 0.0001, allowedTools: ['Bash'] } }),
    );
    expect(lastResult(messages).subtype).toBe('error_max_budget_usd');
    // An error result ends the iteration in ResultError, after the result (as official).
    expect(ResultError.isInstance(error)).toBe(true);
  });

  it('persistSession: false leaves no transcript; by default there is one', async () => {
    harness = await scope.startCliHarness([{ content: [text('one')] }, { content: [text('two')] }]);
    const projects = join(harness.configDir, 'projects');
    await collect(query({ prompt: 'hi', options: { env: harness.env, persistSession: false } }));
    expect(existsSync(projects)).toBe(false);
    await collect(query({ prompt: 'hi', options: { env: harness.env } }));
    expect(readdirSync(projects).length).toBeGreaterThan(0);
  });

  it('spawnClaudeCodeProcess runs the real CLI through the given spawner', async () => {
    harness = await scope.startCliHarness([{ content: [text('spawned my way')] }]);
    const calls: SpawnOptions[] = [];
    const messages = await collect(
      query({
        prompt: 'hi',
        options: {
          env: harness.env,
          spawnClaudeCodeProcess: (options): ChildProcessWithoutNullStreams => {
            calls.push(options);
            return spawn(options.command, options.args, { env: options.env, signal: options.signal, stdio: 'pipe' });
          },
        },
      }),
    );
    expect(lastResult(messages).result).toBe('spawned my way');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.command).toBe(findClaudeCli({}));
    // The spawner sees the argv and the environment the CLI runs with.
    expect(calls[0]?.args).toEqual(expect.arrayContaining(['--output-format', 'stream-json', '--input-format']));
    expect(calls[0]?.env['ANTHROPIC_BASE_URL']).toBe(harness.server.url);
    expect(calls[0]?.env['CLAUDE_CODE_ENTRYPOINT']).toBe('sdk-ts');
  });

  it("agent: the main thread takes the agent's prompt and tools", async () => {
    harness = await scope.startCliHarness([{ content: [text('reviewed')] }]);
    const messages = await collect(
      query({
        prompt: 'review',
        options: {
          env: harness.env,
          agent: 'reviewer',
          agents: { reviewer: { description: 'Reviews code', prompt: 'You are REVIEWER-AGENT-d4.', tools: ['Read'] } },
        },
      }),
    );
    expect(lastResult(messages).result).toBe('reviewed');
    const request = harness.server.messageRequests[0];
    expect(harness.server.systemPrompt(request)).toContain('REVIEWER-AGENT-d4');
    expect((request?.body.tools ?? []).map((tool) => tool.name)).toEqual(['Read']);
  });

  it('tools: [] leaves the model without built-in tools', async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    const messages = await collect(query({ prompt: 'hi', options: { env: harness.env, tools: [] } }));
    expect(systemInit(messages).tools).toEqual([]);
    expect(harness.server.messageRequests[0]?.body.tools ?? []).toEqual([]);
  });

  it('tools and disallowedTools: the tool list the model receives', async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    await collect(
      query({
        prompt: 'hi',
        options: { env: harness.env, tools: ['Read', 'Grep', 'Bash'], disallowedTools: ['Grep'] },
      }),
    );
    const names = (harness.server.messageRequests[0]?.body.tools ?? []).map((tool) => tool.name);
    expect([...names].sort()).toEqual(['Bash', 'Read']);
  });

  it('allowedTools: a listed tool runs without asking; unlisted, it is denied', async () => {
    // Writes a file: not a read-only command, which the CLI would allow without asking.
    const call = (marker: string) => toolUse('Bash', { command: `touch ./${marker} && echo ${marker}` });
    harness = await scope.startCliHarness([
      { content: [call('ALLOWED-e5')] },
      { content: [text('one')] },
      { content: [call('DENIED-f6')] },
      { content: [text('two')] },
    ]);
    const cwd = scope.tempDir('hexagent-allowed-');
    await collect(query({ prompt: 'a', options: { env: harness.env, cwd, allowedTools: ['Bash'] } }));
    await collect(query({ prompt: 'b', options: { env: harness.env, cwd, allowedTools: ['Read'] } }));
    const [allowed, denied] = harness.server.toolResults();
    expect(resultText(allowed?.content)).toContain('ALLOWED-e5');
    expect(allowed?.is_error).toBe(false);
    expect(denied?.is_error).toBe(true);
    expect(existsSync(join(cwd, 'ALLOWED-e5'))).toBe(true);
    expect(existsSync(join(cwd, 'DENIED-f6'))).toBe(false);
  });

  it('thinking with a budget and effort reach the API request', async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }, { content: [text('ok')] }]);
    await collect(
      query({
        prompt: 'hi',
        options: { env: harness.env, model: 'claude-sonnet-4-5', thinking: { type: 'enabled', budgetTokens: 4000 } },
      }),
    );
    await collect(query({ prompt: 'hi', options: { env: harness.env, effort: 'high' } }));
    const [thinking, effort] = harness.server.messageRequests;
    expect(thinking?.body.thinking).toMatchObject({ type: 'enabled', budget_tokens: 4000 });
    const body = (effort?.body ?? {}) as { output_config?: { effort?: string } };
    expect(body.output_config?.effort).toBe('high');
  });
});
