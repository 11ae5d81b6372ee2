import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { InboundMessage } from '@hexagent/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type HermeticCliEnv, hermeticCliEnv } from '../../src/hermetic-cli-env.js';
import type { ModelScript } from '../../src/model-script.js';
import { apiError, text, thinking, toolUse } from '../../src/model-turn-helpers.js';
import type { RecordedRequest } from '../../src/recorded-request.js';
import { ScriptedModelServer } from '../../src/scripted-model-server.js';
import { TestScope } from '../../src/test-scope.js';
import { CliProcess } from './cli-process.js';

const TIMEOUT = 30_000;

interface Harness {
  server: ScriptedModelServer;
  env: HermeticCliEnv;
  cli: CliProcess;
}

const scope = new TestScope();
afterEach(() => scope.cleanup());

async function startCli(script: ModelScript, args: string[] = []): Promise<Harness> {
  const server = await ScriptedModelServer.start(script);
  scope.defer(() => server.close());
  const env = await hermeticCliEnv({ baseUrl: server.url });
  scope.defer(() => env.cleanup());
  const cli = new CliProcess({ env: env.env, cwd: env.homeDir, args });
  scope.defer(() => {
    cli.kill();
    return cli.exited;
  });
  const harness = { server, env, cli };
  cli.send({ type: 'control_request', request_id: 'init_1', request: { subtype: 'initialize' } });
  return harness;
}

function sendUser(cli: CliProcess, content: string): void {
  cli.send({ type: 'user', session_id: '', message: { role: 'user', content }, parent_tool_use_id: null });
}

const isResult = (message: InboundMessage) => message.type === 'result';

/** Every text the user sent, as the model received it in `request`. */
function userTexts(request: RecordedRequest | undefined): string[] {
  const texts: string[] = [];
  for (const message of request?.body.messages ?? []) {
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') texts.push(message.content);
    else for (const block of message.content) if (block.type === 'text') texts.push(String(block['text']));
  }
  return texts;
}

describe('the real Claude Code CLI against the scripted model server', () => {
  it('answers "hi" with a scripted text turn and exits 0 when input ends', { timeout: TIMEOUT }, async () => {
    const { server, cli } = await startCli([{ content: [text('hello from script')] }]);
    sendUser(cli, 'hi');

    const initAnswer = await cli.next((message) => message.type === 'control_response');
    expect(initAnswer).toMatchObject({ response: { subtype: 'success', request_id: 'init_1' } });
    const result = await cli.next(isResult);
    expect(result).toMatchObject({ type: 'result', subtype: 'success', is_error: false });
    expect(result['result']).toContain('hello from script');

    expect(server.messageRequests).toHaveLength(1);
    const request = server.lastRequest();
    expect(request?.path).toBe('/v1/messages?beta=true');
    expect(request?.body.stream).toBe(true);
    expect(request?.headers['x-api-key']).toBe('test-key');
    expect(userTexts(request)).toContain('hi');
    expect(server.systemPrompt()).not.toBe('');
    expect(server.requests.every((recorded) => recorded.kind === 'main')).toBe(true);

    cli.endInput();
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it('runs several tool calls of one turn and sends their results back', { timeout: TIMEOUT }, async () => {
    const script: ModelScript = [
      {
        content: [
          thinking('I should read both files.'),
          toolUse('Read', { file_path: 'PLACEHOLDER_A' }),
          toolUse('Read', { file_path: 'PLACEHOLDER_B' }),
        ],
      },
      { content: [text('read both')] },
    ];
    const { server, env, cli } = await startCli((_request, index) => {
      const turn = script[index] ?? { content: [text('unexpected')] };
      return JSON.parse(
        JSON.stringify(turn)
          .replace('PLACEHOLDER_A', join(env.homeDir, 'a.txt'))
          .replace('PLACEHOLDER_B', join(env.homeDir, 'b.txt')),
      );
    });
    await writeFile(join(env.homeDir, 'a.txt'), 'alpha contents\n');
    await writeFile(join(env.homeDir, 'b.txt'), 'bravo contents\n');
    sendUser(cli, 'read the files');

    const result = await cli.next(isResult);
    expect(result).toMatchObject({ subtype: 'success', is_error: false, result: 'read both' });
    // Read is read-only, so the CLI runs both calls concurrently: results come in completion order.
    const results = server.toolResults().sort((a, b) => a.tool_use_id.localeCompare(b.tool_use_id));
    expect(results.map((entry) => entry.tool_use_id)).toEqual(['toolu_1', 'toolu_2']);
    expect(results.map((entry) => entry.is_error)).toEqual([false, false]);
    expect(JSON.stringify(results[0]?.content)).toContain('alpha contents');
    expect(JSON.stringify(results[1]?.content)).toContain('bravo contents');
    const toolUses = cli.messages
      .filter((message) => message.type === 'assistant')
      .flatMap((message) => (message['message'] as { content: Array<{ type: string; id?: string }> }).content)
      .filter((block) => block.type === 'tool_use')
      .map((block) => block.id);
    expect(toolUses).toEqual(['toolu_1', 'toolu_2']);
    const second = server.messageRequests[1];
    const assistantBlocks = (second?.body.messages ?? [])
      .filter((message) => message.role === 'assistant')
      .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
      .map((block) => block.type);
    expect(assistantBlocks).toEqual(expect.arrayContaining(['thinking', 'tool_use', 'tool_use']));
  });

  it('reports a 400 API error as an error result, then goes on with the next turn', { timeout: TIMEOUT }, async () => {
    const { server, cli } = await startCli([
      apiError(400, 'invalid_request_error', 'scripted failure'),
      { content: [text('after the error')] },
    ]);
    sendUser(cli, 'first');

    const assistant = await cli.next((message) => message.type === 'assistant');
    expect(assistant).toMatchObject({
      error: 'unknown',
      is_api_error_message: true,
      api_error_status: 400,
      api_error_type: 'invalid_request_error',
      message: { model: '<synthetic>', content: [{ type: 'text', text: 'API Error: 400 scripted failure' }] },
    });
    const failed = await cli.next(isResult);
    expect(failed).toMatchObject({
      subtype: 'success',
      is_error: true,
      result: 'API Error: 400 scripted failure',
      api_error_status: 400,
    });
    const attempts = server.messageRequests;
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(attempts.map((request) => request.turnIndex)).toEqual(attempts.map(() => 0));
    expect(attempts.map((request) => request.isRetry)).toEqual(attempts.map((_, index) => index > 0));

    sendUser(cli, 'second');
    const recovered = await cli.next(isResult);
    expect(recovered).toMatchObject({ subtype: 'success', is_error: false, result: 'after the error' });
    cli.endInput();
    expect((await cli.exited).code).toBe(0);
  });

  it('exits 1 when input ends after an API error turn', { timeout: TIMEOUT }, async () => {
    const { cli } = await startCli([apiError(500, 'api_error', 'boom')]);
    sendUser(cli, 'hi');
    expect(await cli.next((message) => message.type === 'assistant')).toMatchObject({
      error: 'server_error',
      api_error_status: 500,
    });
    const failed = await cli.next(isResult);
    expect(failed).toMatchObject({ is_error: true, api_error_status: 500 });
    cli.endInput();
    expect((await cli.exited).code).toBe(1);
  });

  it('retries a retryable error, reporting api_retry, and uses the next turn', { timeout: TIMEOUT }, async () => {
    const { server, cli } = await startCli([
      apiError(529, 'overloaded_error', 'Overloaded', { retryable: true }),
      { content: [text('recovered')] },
    ]);
    sendUser(cli, 'hi');
    const retry = await cli.next((message) => message.type === 'system' && message['subtype'] === 'api_retry');
    expect(retry).toMatchObject({ attempt: 1, error_status: 529 });
    expect(await cli.next(isResult)).toMatchObject({ subtype: 'success', is_error: false, result: 'recovered' });
    expect(server.messageRequests.map((request) => [request.turnIndex, request.isRetry])).toEqual([
      [0, false],
      [1, true],
    ]);
  });

  it('answers the set_model check as a side request without consuming a turn', { timeout: TIMEOUT }, async () => {
    const { server, cli } = await startCli([{ content: [text('first scripted turn')] }]);
    cli.send({
      type: 'control_request',
      request_id: 'model_1',
      request: { subtype: 'set_model', model: 'claude-haiku-4-5' },
    });
    const answer = await cli.next(
      (message) =>
        message.type === 'control_response' &&
        (message['response'] as { request_id?: string }).request_id === 'model_1',
    );
    expect(answer).toMatchObject({ response: { subtype: 'success', response: { model: 'claude-haiku-4-5' } } });
    const side = server.requests.filter((request) => request.kind === 'side');
    expect(side).toHaveLength(1);
    expect(side[0]?.body).toMatchObject({ model: 'claude-haiku-4-5', max_tokens: 1 });
    expect(side[0]?.body.stream).toBeUndefined();

    sendUser(cli, 'hi');
    expect(await cli.next(isResult)).toMatchObject({ subtype: 'success', result: 'first scripted turn' });
    expect(server.messageRequests).toHaveLength(1);
    expect(server.lastRequest()?.body.model).toBe('claude-haiku-4-5');
    expect(server.lastRequest()?.exhausted).toBe(false);
  });
});
