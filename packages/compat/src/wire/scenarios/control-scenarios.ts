import type { SDKUserMessage } from '@hexagent/sdk';
import { text, toolUse } from '@hexagent/testing';
import { drain, kindOf, type Scenario, userMessage } from '../scenario.js';
import { calcServer } from './query-scenarios.js';

/** `interrupt()` while an in-process tool runs: the CLI cancels the call over `mcp_message`. */
export const interrupt: Scenario = {
  name: 'interrupt',
  description: 'interrupt() while an in-process tool call runs',
  script: [{ content: [toolUse('mcp__calc__add', { a: 1, b: 2 })] }, { content: [text('after the interrupt')] }],
  async run(context) {
    let started: () => void = () => {};
    const toolStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slowAdd = async (_args: { a: number; b: number }, extra: { signal?: AbortSignal }) => {
      started();
      await new Promise<void>((resolve) => {
        extra.signal?.addEventListener('abort', () => resolve(), { once: true });
        setTimeout(resolve, 15_000).unref();
      });
      return 'late';
    };
    const query = context.sdk.query({
      prompt: 'add slowly',
      options: {
        ...context.options,
        mcpServers: { calc: calcServer(context, slowAdd) },
        allowedTools: ['mcp__calc__add'],
      },
    });
    const draining = drain(context, query);
    await toolStarted;
    const answer = await query.interrupt().then(
      (value) => JSON.stringify(value ?? null),
      (error: unknown) => `rejected ${error instanceof Error ? error.name : typeof error}`,
    );
    context.saw(`interrupt() -> ${answer}`);
    await draining;
  },
};

/**
 * Streaming input: a first message, then `setPermissionMode`, `setModel`, `mcpServerStatus` between
 * turns, a second message, the end of input.
 */
export const streamingInputControls: Scenario = {
  name: 'streaming-input-controls',
  description: 'streaming input; setPermissionMode, setModel, mcpServerStatus between two turns',
  script: [{ content: [text('first answer')] }, { content: [text('second answer')] }],
  async run(context) {
    const input = new MessageQueue();
    const query = context.sdk.query({
      prompt: input,
      options: { ...context.options, mcpServers: { calc: calcServer(context) } },
    });
    input.push(userMessage('first'));
    let results = 0;
    try {
      for await (const message of query) {
        context.saw(kindOf(message));
        if (message.type !== 'result') continue;
        results += 1;
        if (results > 1) {
          input.end();
          continue;
        }
        context.saw(`setPermissionMode() -> ${JSON.stringify((await query.setPermissionMode('acceptEdits')) ?? null)}`);
        context.saw(`setModel() -> ${JSON.stringify((await query.setModel('claude-sonnet-4-5')) ?? null)}`);
        const status = await query.mcpServerStatus();
        context.saw(`mcpServerStatus() -> ${status.map((server) => `${server.name}:${server.status}`).join(',')}`);
        input.push(userMessage('second'));
      }
      context.saw('ended');
    } catch (error) {
      context.saw(`threw ${error instanceof Error ? error.name : typeof error}`);
    } finally {
      input.end();
    }
  },
};

/** An async iterable of user messages that the scenario feeds and ends. */
class MessageQueue implements AsyncIterable<SDKUserMessage> {
  private readonly items: SDKUserMessage[] = [];
  private waiting: ((result: IteratorResult<SDKUserMessage>) => void) | undefined;
  private ended = false;

  push(message: SDKUserMessage): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting({ value: message, done: false });
    else this.items.push(message);
  }

  end(): void {
    this.ended = true;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<SDKUserMessage> {
    return {
      next: () => {
        const item = this.items.shift();
        if (item) return Promise.resolve({ value: item, done: false });
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.waiting = resolve;
        });
      },
      return: () => {
        this.end();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
