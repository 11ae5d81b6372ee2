/**
 * Parity with the official SDK on the real CLI: `abortController.abort()` while the model replies,
 * before the first message, during a tool call, during a permission prompt, and with streaming
 * input. Recorded on the official SDK: it ends the CLI's input, stops the CLI 2 s later and throws
 * its `AbortError` once the CLI has exited; what the CLI writes in those 2 s is still yielded (with
 * a slow model: nothing; after a tool call: the CLI's `tool_result` for the cut call). hexagent
 * interrupts the CLI at once and yields nothing the CLI writes after the abort, then throws its
 * `AbortError`: never a `result` or an `assistant` message after an abort, on either SDK.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SDKMessage } from '@hexagent/sdk';
import { text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeScenarios, type Scenario, startScenario, userMessage } from './parity-kit.js';
import { type ParitySdk, SDKS } from './sdks.js';

afterEach(disposeScenarios);

/** A reply slower than the official SDK's 2 s between ending the CLI's input and stopping it. */
const SLOW = 6_000;

interface AbortedRun {
  /** Every message yielded. */
  messages: SDKMessage[];
  /** The messages yielded after the abort. */
  after: SDKMessage[];
  error: unknown;
}

/** Iterate `run`, calling `abortWhen` with each message; the abort itself may come from elsewhere. */
async function runAborted(
  run: AsyncIterable<SDKMessage>,
  controller: AbortController,
  abortWhen: (message: SDKMessage) => boolean = () => false,
): Promise<AbortedRun> {
  const messages: SDKMessage[] = [];
  let at: number | undefined;
  controller.signal.addEventListener('abort', () => {
    at = messages.length;
  });
  let error: unknown;
  try {
    for await (const message of run) {
      messages.push(message);
      if (abortWhen(message)) controller.abort();
    }
  } catch (caught) {
    error = caught;
  }
  return { messages, after: messages.slice(at ?? messages.length), error };
}

/** What holds on both SDKs after an abort, and what hexagent promises besides. */
function expectAborted(sdk: ParitySdk, run: AbortedRun): void {
  expect(sdk.isAbortError(run.error), `an AbortError, got ${String(run.error)}`).toBe(true);
  // Programs match on these (an AI SDK provider on `name === 'AbortError'`): the same on both SDKs.
  expect((run.error as Error).name).toBe('Error');
  expect(run.after.filter((message) => message.type === 'result' || message.type === 'assistant')).toEqual([]);
  if (sdk.name === 'hexagent') expect(run.after).toEqual([]);
}

const isInit = (message: SDKMessage) => message.type === 'system' && message.subtype === 'init';

describe.each(SDKS)('abortController.abort() on $name', (sdk) => {
  it('while the model replies: nothing more, then AbortError', async () => {
    const scenario = await startScenario([{ content: [text('a long essay')], delayMs: SLOW }]);
    const controller = new AbortController();
    const run = await runAborted(
      sdk.query({ prompt: 'write an essay', options: scenario.options({ abortController: controller }) }),
      controller,
      isInit,
    );
    expectAborted(sdk, run);
    expect(run.messages.map((message) => message.type)).toEqual(['system']);
    expect((run.error as Error).message).toBe('Claude Code process aborted by user');
  });

  it('before the first message: no reply, then AbortError', async () => {
    const scenario = await startScenario([{ content: [text('hi')], delayMs: SLOW }]);
    const controller = new AbortController();
    const query = sdk.query({ prompt: 'hi', options: scenario.options({ abortController: controller }) });
    controller.abort();
    const run = await runAborted(query, controller);
    expectAborted(sdk, run);
    // The official SDK has written the prompt already (the CLI may start the turn and write its
    // system/init within the 2 s it gets); hexagent stops before the prompt is written.
    if (sdk.name === 'hexagent') expect(scenario.server.requests).toHaveLength(0);
  });

  it('during an in-process tool call: no result, the handler’s signal aborts, then AbortError', async () => {
    const scenario = await startScenario([
      { content: [toolUse('mcp__slow__wait', {})] },
      { content: [text('after the tool')], delayMs: SLOW },
    ]);
    const controller = new AbortController();
    let handlerSignal: AbortSignal | undefined;
    const wait = sdk.tool('wait', 'Waits', {}, async (_args, extra) => {
      handlerSignal = (extra as { signal: AbortSignal }).signal;
      controller.abort();
      await new Promise((resolve) => setTimeout(resolve, SLOW));
      return { content: [{ type: 'text', text: 'waited' }] };
    });
    const options = scenario.options({
      abortController: controller,
      mcpServers: { slow: sdk.createSdkMcpServer({ name: 'slow', tools: [wait] }) },
      allowedTools: ['mcp__slow__wait'],
    });
    const run = await runAborted(sdk.query({ prompt: 'wait for me', options }), controller);
    expectAborted(sdk, run);
    await expect.poll(() => handlerSignal?.aborted).toBe(true);
    // hexagent interrupts the CLI: it does not call the model again after the abort.
    if (sdk.name === 'hexagent') expect(scenario.server.requests.filter((r) => r.kind === 'main')).toHaveLength(1);
  });

  it('during a permission prompt: the tool does not run, then AbortError', async () => {
    let touched = '';
    const scenario = await startScenario((_request, index) =>
      index === 0
        ? { content: [toolUse('Bash', { command: `touch ${touched}` })] }
        : { content: [text('done')], delayMs: SLOW },
    );
    touched = join(scenario.cwd, 'touched-after-abort');
    const controller = new AbortController();
    let promptSignal: AbortSignal | undefined;
    const options = scenario.options({
      abortController: controller,
      canUseTool: async (_name, input, { signal }) => {
        promptSignal = signal;
        controller.abort();
        await new Promise((resolve) => setTimeout(resolve, SLOW));
        return { behavior: 'allow', updatedInput: input };
      },
    });
    const run = await runAborted(sdk.query({ prompt: 'touch it', options }), controller);
    expectAborted(sdk, run);
    await expect.poll(() => promptSignal?.aborted).toBe(true);
    expect(existsSync(touched)).toBe(false);
  });

  it('with streaming input, while the model replies: nothing more, then AbortError', async () => {
    const scenario: Scenario = await startScenario([{ content: [text('slow')], delayMs: SLOW }]);
    const controller = new AbortController();
    async function* input() {
      yield userMessage('first');
      await new Promise((resolve) => controller.signal.addEventListener('abort', resolve));
    }
    const run = await runAborted(
      sdk.query({ prompt: input(), options: scenario.options({ abortController: controller }) }),
      controller,
      isInit,
    );
    expectAborted(sdk, run);
  });
});
