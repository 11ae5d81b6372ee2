/**
 * 500 sequential queries in one process, each serving an in-process tool call, on the in-memory
 * fake CLI (swapped in through the DI container): no growth in process-wide listeners, file
 * descriptors, handles or heap beyond a small bound, and no MaxListenersExceededWarning, also when
 * every query shares one AbortController. The heap is measured after full collections (global.gc,
 * exposed by this package's vitest config).
 */
import {
  createContainer,
  createSdkMcpServer,
  type DependencyContainer,
  type McpSdkServerConfigWithInstance,
  query,
  type SDKMessage,
  TRANSPORT_FACTORY,
  tool,
} from '@hexagent/sdk';
import { FakeCliTransport, resultMessage } from '@hexagent/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectNothingLeft, MiB, settledHeapUsed, snapshot } from './lifecycle-helpers.js';

const QUERIES = 500;
const WARMUP = 50;

/** A fake CLI that, for each prompt, calls tool `add` of server `calc` and reports its answer. */
function scriptedFakeCli(): FakeCliTransport {
  return new FakeCliTransport({
    autoInitialize: true,
    onSend: (message, cli) => {
      if (message.type !== 'user') return;
      void (async () => {
        const answer = await cli.emitControlRequest('mcp_message', {
          server_name: 'calc',
          message: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
        });
        const sum = JSON.stringify(answer).match(/"text":"(\d+)"/)?.[1] ?? 'no answer';
        cli.emit(resultMessage({ result: sum }));
      })().catch(() => {});
    },
    // Like the real CLI: it exits once its input ends.
    onEndInput: (cli) => cli.finish(),
  });
}

/** Wired by hand, not with `fakeCliWiring`: that one keeps every fake it makes, and this test counts the heap. */
function fakeContainer(): DependencyContainer {
  const container = createContainer();
  container.register(TRANSPORT_FACTORY, { useValue: () => scriptedFakeCli() });
  return container;
}

const zodCalc = (): McpSdkServerConfigWithInstance =>
  createSdkMcpServer({
    name: 'calc',
    tools: [
      tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + b) }],
      })),
    ],
  });

const jsonSchemaCalc = (): McpSdkServerConfigWithInstance =>
  createSdkMcpServer({
    name: 'calc',
    tools: [
      tool(
        'add',
        'Add',
        { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
        async (args) => {
          const { a, b } = args as { a: number; b: number };
          return { content: [{ type: 'text', text: String(a + b) }] };
        },
      ),
    ],
  });

async function runOne(
  container: DependencyContainer,
  calc: McpSdkServerConfigWithInstance,
  abortController: AbortController,
): Promise<void> {
  const messages: SDKMessage[] = [];
  for await (const message of query({ prompt: 'add', options: { mcpServers: { calc }, abortController } }, container)) {
    messages.push(message);
  }
  const result = messages.at(-1) as { type: string; result?: string } | undefined;
  if (result?.type !== 'result' || result.result !== '5') {
    throw new Error(`the tool call did not come back: ${JSON.stringify(messages)}`);
  }
}

describe.each([
  ['one shared createSdkMcpServer config (zod tool)', 'shared'],
  ['a fresh createSdkMcpServer config per query (zod tool)', 'fresh-zod'],
  ['a fresh createSdkMcpServer config per query (JSON Schema tool)', 'fresh-json'],
] as const)(`${QUERIES} sequential queries with %s`, (_label, variant) => {
  it('leave listeners, handles and fds flat and the heap flat (under 2 MiB); no MaxListeners warning', async () => {
    const container = fakeContainer();
    const shared = zodCalc();
    const calcFor = (): McpSdkServerConfigWithInstance =>
      variant === 'shared' ? shared : variant === 'fresh-zod' ? zodCalc() : jsonSchemaCalc();
    // One AbortController for every query: each must take its listeners off it again.
    const abortController = new AbortController();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < WARMUP; i++) await runOne(container, calcFor(), abortController);
      const before = snapshot();
      const heapBefore = await settledHeapUsed();
      const heapSamples: number[] = [];
      const started = Date.now();
      for (let i = 1; i <= QUERIES; i++) {
        await runOne(container, calcFor(), abortController);
        if (i % 100 === 0) heapSamples.push(await settledHeapUsed());
      }
      const elapsed = Date.now() - started;
      const heapAfter = await settledHeapUsed();
      const after = await expectNothingLeft(before);
      const growth = heapAfter - heapBefore;
      console.log(
        `[lifecycle] ${QUERIES} fake queries (${variant}) in ${elapsed} ms: heap ${(heapBefore / MiB).toFixed(2)} -> ` +
          `${(heapAfter / MiB).toFixed(2)} MiB (${growth >= 0 ? '+' : ''}${(growth / 1024).toFixed(0)} KiB; every 100: ` +
          `${heapSamples.map((sample) => (sample / MiB).toFixed(2)).join(', ')}), fds ${before.fds} -> ${after.fds}, ` +
          `listeners ${JSON.stringify(before.listeners)} -> ${JSON.stringify(after.listeners)}`,
      );
      expect(growth).toBeLessThan(2 * MiB);
      // Flat, not merely small: the last 400 queries added less than 1 MiB (a per-query leak of
      // 5 KB, like Ajv keeping every validator, adds 2 MiB there).
      expect((heapSamples.at(-1) as number) - (heapSamples[0] as number)).toBeLessThan(1 * MiB);
      expect(warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
