/**
 * Faults of the user's tool handlers, through the in-process MCP port as the CLI reaches it: every
 * one ends as an `isError` result the model can read (never a JSON-RPC error, a hang or a crash),
 * and the time limits (the tool's `timeoutMs`, else the server's `toolTimeoutMs`, default 30 min)
 * bound a handler that never settles without cutting short one that runs for minutes.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CreateSdkMcpServerOptions,
  createInProcessMcpServer,
  createSdkMcpServer,
  DEFAULT_TOOL_TIMEOUT_MS,
  type InProcessMcpServerPort,
  type SdkMcpToolDefinition,
  tool,
} from '../../src/index.js';
import { callTool, sleep, textOf } from '../port-harness.js';

const ports: InProcessMcpServerPort[] = [];

function serve(
  tools: SdkMcpToolDefinition[],
  options: Partial<CreateSdkMcpServerOptions> = {},
): InProcessMcpServerPort {
  const config = createSdkMcpServer({ name: 'faulty', tools, ...options });
  const port = createInProcessMcpServer(config.name, config) as InProcessMcpServerPort;
  ports.push(port);
  return port;
}

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(ports.splice(0).map((port) => port.close()));
});

/** A handler that never settles and records the signal it got. */
function stuckTool(name: string, seen: AbortSignal[], timeoutMs?: number): SdkMcpToolDefinition {
  return tool(
    name,
    'Never answers',
    {},
    (_args, { signal }) => {
      seen.push(signal);
      return new Promise<CallToolResult>(() => {});
    },
    timeoutMs === undefined ? {} : { timeoutMs },
  );
}

describe('a handler that throws something that is not an Error', () => {
  it.each([
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a number', 42, '42'],
    ['a string', 'just a string', 'just a string'],
    ['an object', { code: 7, detail: 'quota' }, '{"code":7,"detail":"quota"}'],
    [
      'an object with a cycle',
      (() => {
        const cyclic: Record<string, unknown> = { name: 'cyclic' };
        cyclic.self = cyclic;
        return cyclic;
      })(),
      '[object Object]',
    ],
  ])('ends as an isError result naming it: %s', async (_name, thrown, text) => {
    const port = serve([
      tool('fail', 'Fails', {}, async () => {
        throw thrown;
      }),
    ]);
    expect(await callTool(port, 1, 'fail', {})).toEqual({ content: [{ type: 'text', text }], isError: true });
  });

  it('a rejected promise returned synchronously ends the same way, and the server keeps serving', async () => {
    const port = serve([
      tool('reject', 'Rejects', {}, () => Promise.reject('rejected as a string')),
      tool('ok', 'Works', {}, async () => ({ content: [{ type: 'text', text: 'fine' }] })),
    ]);
    expect(textOf(await callTool(port, 1, 'reject', {}))).toBe('rejected as a string');
    expect(textOf(await callTool(port, 2, 'ok', {}))).toBe('fine');
  });
});

describe('a handler that returns an invalid result', () => {
  it.each([
    ['null', null],
    ['a string', 'forty-two'],
    ['an array', [{ type: 'text', text: 'x' }]],
    ['content with a number block', { content: [42] }],
  ])('ends as an isError result saying so: %s', async (_name, returned) => {
    const port = serve([tool('bad', 'Bad', {}, async () => returned as never)]);
    const result = await callTool(port, 1, 'bad', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Tool "bad" returned an invalid result');
  });
});

describe('a handler that never settles', () => {
  it("ends at the server's toolTimeoutMs, with its signal aborted", async () => {
    const seen: AbortSignal[] = [];
    const port = serve([stuckTool('stuck', seen)], { toolTimeoutMs: 40 });
    const result = await callTool(port, 1, 'stuck', {});
    expect(result).toEqual({ content: [{ type: 'text', text: 'Tool "stuck" timed out after 40 ms' }], isError: true });
    expect(seen[0]?.aborted).toBe(true);
  });

  it("a tool's own timeoutMs wins over the server's toolTimeoutMs, both ways", async () => {
    const seen: AbortSignal[] = [];
    const port = serve([stuckTool('shorter', seen, 30), stuckTool('longer', seen, 200)], { toolTimeoutMs: 100 });
    const [shorter, longer] = await Promise.all([callTool(port, 1, 'shorter', {}), callTool(port, 2, 'longer', {})]);
    expect(textOf(shorter)).toBe('Tool "shorter" timed out after 30 ms');
    expect(textOf(longer)).toBe('Tool "longer" timed out after 200 ms');
  });

  it('ends at the default 30 minutes, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const seen: AbortSignal[] = [];
    const port = serve([stuckTool('stuck', seen)]);
    let result: CallToolResult | undefined;
    const call = callTool(port, 1, 'stuck', {}).then((value) => {
      result = value;
    });
    await vi.advanceTimersByTimeAsync(DEFAULT_TOOL_TIMEOUT_MS - 1_000);
    expect(result).toBeUndefined();
    expect(seen[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await call;
    expect(result).toEqual({
      content: [{ type: 'text', text: `Tool "stuck" timed out after ${DEFAULT_TOOL_TIMEOUT_MS} ms` }],
      isError: true,
    });
    expect(seen[0]?.aborted).toBe(true);
  });
});

describe('a long tool', () => {
  it('that runs 3 minutes completes with its result under the default limits', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const port = serve([
      tool('long', 'Takes three minutes', {}, async (_args, { signal }) => {
        await sleep(3 * 60_000, signal);
        return { content: [{ type: 'text', text: 'finished after 3 min' }] };
      }),
    ]);
    const call = callTool(port, 1, 'long', {});
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(await call).toEqual({ content: [{ type: 'text', text: 'finished after 3 min' }] });
  });
});
