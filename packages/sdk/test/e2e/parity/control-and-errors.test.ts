/**
 * Parity with the official SDK on the real CLI: live controls, `/clear`, a turn's `origin`, the
 * `stderr` callback (the Python SDK's e2e `test_dynamic_control.py`, `test_conversation_reset.py`,
 * `test_message_origin.py`, `test_stderr_callback.py`), and how a run ends on an error result
 * (`test_error_results.py`, with more cases). Each runs on both SDKs.
 */
import { type PermissionMode, ResultError, type SDKMessage, type SDKResultMessage } from '@hexagent/sdk';
import { apiError, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { conversation, disposeScenarios, find, settle, startScenario, userMessage } from './parity-kit.js';
import { SDKS } from './sdks.js';

afterEach(disposeScenarios);

const resultOf = (messages: SDKMessage[]) => messages.findLast((m) => m.type === 'result') as SDKResultMessage;
const textOf = (result: SDKResultMessage) => (result.subtype === 'success' ? result.result : undefined);

describe.each(SDKS)('live controls, /clear, origin and stderr on $name', (sdk) => {
  it("setPermissionMode() between turns: each turn runs in the mode set; 'manual' answers and runs as 'default'", async () => {
    const scenario = await startScenario([{ content: [text('4')] }, { content: [text('6')] }]);
    const chat = conversation(sdk, scenario.options({ permissionMode: 'default' }));
    await expect(chat.query.setPermissionMode('acceptEdits')).resolves.toEqual({ mode: 'acceptEdits' });
    const first = await chat.turn('What is 2+2? Just respond with the number.');
    // Not in the PermissionMode type, but a program may ask for it: the CLI's other name for 'default'.
    await expect(chat.query.setPermissionMode('manual' as PermissionMode)).resolves.toEqual({ mode: 'default' });
    const second = await chat.turn('What is 3+3? Just respond with the number.');
    expect(find(first, 'system', 'init')).toMatchObject({ permissionMode: 'acceptEdits' });
    expect(find(second, 'system', 'init')).toMatchObject({ permissionMode: 'default' });
    expect([textOf(resultOf(first)), textOf(resultOf(second))]).toEqual(['4', '6']);
    expect((await chat.close()).error).toBeUndefined();
  });

  it('setModel() between turns: the model requests use the model set, then the default again', async () => {
    const scenario = await startScenario([
      { content: [text('2')] },
      { content: [text('4')] },
      { content: [text('6')] },
    ]);
    const chat = conversation(sdk, scenario.options({ model: 'claude-sonnet-4-5' }));
    await chat.turn('What is 1+1? Just the number.');
    await chat.query.setModel('claude-haiku-4-5');
    await chat.turn('What is 2+2? Just the number.');
    await chat.query.setModel(undefined);
    const last = await chat.turn('What is 3+3? Just the number.');
    expect(textOf(resultOf(last))).toBe('6');
    const models = scenario.server.requests.filter((r) => r.kind === 'main').map((r) => r.body.model);
    expect(models[0]).toBe('claude-sonnet-4-5');
    expect(models[1]).toBe('claude-haiku-4-5');
    expect(models[2]).not.toBe('claude-haiku-4-5');
    await chat.close();
  });

  it('interrupt() during a turn ends it with error_during_execution', async () => {
    const scenario = await startScenario([{ content: [text('1, 2, 3, ...')], delayMs: 5_000 }]);
    const chat = conversation(sdk, scenario.options());
    const turn = chat.turn('Count from 1 to 100 slowly.');
    await expect.poll(() => scenario.server.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await chat.query.interrupt();
    const messages = await turn;
    expect(resultOf(messages)).toMatchObject({ subtype: 'error_during_execution', is_error: true });
    await chat.close();
  });

  it('/clear yields conversation_reset for the old session; what follows is a new session', async () => {
    const scenario = await startScenario([{ content: [text('one')] }]);
    const chat = conversation(sdk, scenario.options({ maxTurns: 1 }));
    const first = resultOf(await chat.turn('Reply with exactly: one'));
    const cleared = await chat.turn('/clear');
    const reset = find(cleared, 'conversation_reset');
    expect(reset).toMatchObject({ session_id: first.session_id });
    expect(reset?.new_conversation_id).toEqual(expect.any(String));
    expect(reset?.uuid).toEqual(expect.any(String));
    expect(resultOf(cleared).session_id).not.toBe(first.session_id);
    await chat.close();
  });

  it("a user message's origin comes back on its result; none on a turn without one", async () => {
    const scenario = await startScenario([{ content: [text('one')] }, { content: [text('two')] }]);
    const chat = conversation(sdk, scenario.options({ maxTurns: 1 }));
    const stamped = resultOf(await chat.turn(userMessage('Reply with exactly: one', { origin: { kind: 'human' } })));
    const unstamped = resultOf(await chat.turn(userMessage('Reply with exactly: two')));
    expect(stamped.origin).toEqual({ kind: 'human' });
    expect(unstamped.origin).toBeUndefined();
    await chat.close();
  });

  it('the stderr callback gets nothing on a clean run', async () => {
    const scenario = await startScenario([{ content: [text('2')] }]);
    const lines: string[] = [];
    const { error } = await settle(
      sdk.query({ prompt: 'What is 1+1?', options: scenario.options({ stderr: (line) => lines.push(line) }) }),
    );
    expect(error).toBeUndefined();
    expect(lines).toEqual([]);
  });
});

describe.each(SDKS)('a run that ends on an error result on $name', (sdk) => {
  /** The error's message as the official SDK words it, and hexagent's typed error. */
  function expectErrorResult(error: unknown, result: SDKResultMessage, text: string): void {
    expect((error as Error).message).toBe(`Claude Code returned an error result: ${text}`);
    if (sdk.name === 'hexagent') {
      expect(ResultError.isInstance(error)).toBe(true);
      expect((error as ResultError).result).toEqual(result);
      expect((error as ResultError).exitCode).toBe(1);
    }
  }

  it('an unknown model: the result is yielded, then the iteration throws with its text', async () => {
    const notFound = () => apiError(404, 'not_found_error', 'model: claude-nonexistent-model-for-sdk-e2e');
    const scenario = await startScenario([notFound()], { sideTurn: notFound });
    const { messages, error } = await settle(
      sdk.query({
        prompt: 'Reply with: pong',
        options: scenario.options({ model: 'claude-nonexistent-model-for-sdk-e2e', maxTurns: 1 }),
      }),
    );
    const result = resultOf(messages);
    expect(messages.at(-1)).toBe(result);
    expect(result).toMatchObject({ subtype: 'success', is_error: true });
    expect(result.subtype === 'success' && result.result).toMatch(/issue with the selected model/);
    expectErrorResult(error, result, result.subtype === 'success' ? result.result : '');
  });

  it('error_max_turns: the error names the result’s errors (it has no result text)', async () => {
    const scenario = await startScenario([
      { content: [toolUse('Bash', { command: 'echo hi' })] },
      { content: [text('never asked')] },
    ]);
    const { messages, error } = await settle(
      sdk.query({ prompt: 'loop', options: scenario.options({ maxTurns: 1, allowedTools: ['Bash'] }) }),
    );
    const result = resultOf(messages);
    expect(result).toMatchObject({ subtype: 'error_max_turns', is_error: true });
    expect('result' in result).toBe(false);
    expectErrorResult(error, result, 'Reached maximum number of turns (1)');
  });

  it('a refused resume: the CLI’s error result, then the error', async () => {
    const scenario = await startScenario([]);
    const missing = '8d9b6a1e-1111-4222-8333-944445555666';
    const { messages, error } = await settle(
      sdk.query({ prompt: 'hi', options: scenario.options({ resume: missing }) }),
    );
    expect(messages).toHaveLength(1);
    const result = resultOf(messages);
    expect(result).toMatchObject({ subtype: 'error_during_execution', is_error: true });
    expectErrorResult(error, result, `No conversation found with session ID: ${missing}`);
    expect(scenario.server.requests).toHaveLength(0);
  });

  it('streaming input: a failed first turn and a good second end quietly; a failed last turn throws', async () => {
    const first = await startScenario([
      apiError(400, 'invalid_request_error', 'first bad'),
      { content: [text('ok second')] },
    ]);
    const recovered = conversation(sdk, first.options());
    expect(resultOf(await recovered.turn('first'))).toMatchObject({ is_error: true });
    expect(resultOf(await recovered.turn('second'))).toMatchObject({ is_error: false, result: 'ok second' });
    expect((await recovered.close()).error).toBeUndefined();

    const second = await startScenario([
      { content: [text('ok first')] },
      apiError(400, 'invalid_request_error', 'second bad'),
    ]);
    const failing = conversation(sdk, second.options());
    await failing.turn('first');
    const failed = resultOf(await failing.turn('second'));
    const { messages, error } = await failing.close();
    expect(messages).toEqual([]);
    expectErrorResult(error, failed, 'API Error: 400 second bad');
  });
});
