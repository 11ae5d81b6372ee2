import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonCalc, portsClosedAfterEach, zodCalc } from '../test/calc-servers.js';
import capture01 from '../test/fixtures/capture-01-mcp-messages.json' with { type: 'json' };
import capture02 from '../test/fixtures/capture-02-mcp-messages.json' with { type: 'json' };
import { callTool, deferred, send, sleep, textOf, toolsCall } from '../test/port-harness.js';
import { InFlightTable } from './in-flight-table.js';
import { tool } from './tool.js';

const { portFor, serverWith } = portsClosedAfterEach();

describe('tools/call', () => {
  it('answers capture 01 exactly', async () => {
    const port = portFor(zodCalc());
    await port.manifest();
    const request = capture01.find((m) => 'message' in m)?.message;
    const expected = capture01.find((m) => 'mcp_response' in m)?.mcp_response;
    expect(await send(port, request)).toEqual(expected);
  });

  it('answers capture 02 (a handler that throws) exactly', async () => {
    const port = portFor(jsonCalc());
    const request = capture02.find((m) => 'message' in m)?.message;
    const expected = capture02.find((m) => 'mcp_response' in m)?.mcp_response;
    expect(await send(port, request)).toEqual(expected);
  });

  it('works without a handshake first, and passes toolUseId, _meta and the signal to the handler', async () => {
    const seen = vi.fn();
    const port = serverWith(
      tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }, extra) => {
        seen(extra);
        return { content: [{ type: 'text', text: String(a + b) }] };
      }),
    );
    expect(textOf(await callTool(port, 'req-1', 'add', { a: 15, b: 27 }))).toBe('42');
    const extra = seen.mock.calls[0]?.[0];
    expect(extra.toolUseId).toBe('toolu_req-1');
    expect(extra._meta).toEqual({ 'claudecode/toolUseId': 'toolu_req-1', progressToken: 'req-1' });
    expect(extra.signal).toBeInstanceOf(AbortSignal);
    expect(extra.signal.aborted).toBe(false);
    expect(typeof extra.requestId).toBe('number');
  });

  it('passes zod-parsed arguments (defaults applied, unknown keys stripped) to the handler', async () => {
    const handler = vi.fn(async (_args: unknown) => ({ content: [] }));
    const port = serverWith(
      tool('greet', 'Greet', { name: z.string(), greeting: z.string().default('Hello') }, handler),
    );
    await callTool(port, 1, 'greet', { name: 'Ada', extra: true });
    expect(handler.mock.calls[0]?.[0]).toEqual({ name: 'Ada', greeting: 'Hello' });
  });

  it('returns results with extra fields and non-text blocks untouched', async () => {
    const result = {
      content: [
        { type: 'text' as const, text: 'x' },
        { type: 'image' as const, data: 'aGk=', mimeType: 'image/png' },
      ],
      structuredContent: { value: 1 },
    };
    const port = serverWith(tool('pic', 'Pic', {}, async () => result));
    expect(await callTool(port, 1, 'pic', {})).toEqual(result);
  });

  it('delivers a 2,000,000-character result whole', async () => {
    const big = 'x'.repeat(2_000_000);
    const port = serverWith(tool('big', 'Big', {}, async () => ({ content: [{ type: 'text', text: big }] })));
    expect(textOf(await callTool(port, 1, 'big', {})).length).toBe(2_000_000);
  });

  it('answers 200 concurrent calls that finish in scrambled order, each with its own result, and keeps none after', async () => {
    const gates = new Map<number, { resolve: () => void }>();
    const port = serverWith(
      tool(
        'wait',
        'Wait',
        { n: z.number() },
        async ({ n }) => {
          const gate = deferred();
          gates.set(n, gate);
          await gate.promise;
          return { content: [{ type: 'text', text: `done ${n}` }] };
        },
        { annotations: { readOnlyHint: true } },
      ),
    );
    await port.manifest();
    const ids = Array.from({ length: 200 }, (_, index) => index + 1);
    const calls = ids.map((n) => callTool(port, n, 'wait', { n }));
    await vi.waitFor(() => expect(gates.size).toBe(200));
    // Newest first, then every third, then the rest: entries leave from the end, the middle and the front.
    const order = [...ids.filter((n) => n > 150).reverse(), ...ids.filter((n) => n <= 150 && n % 3 === 0), ...ids];
    for (const n of new Set(order)) gates.get(n)?.resolve();
    expect((await Promise.all(calls)).map(textOf)).toEqual(ids.map((n) => `done ${n}`));
    // Requests in flight are kept in an InFlightTable, not a Map: under churn a Map's replaced tables
    // keep every call's objects alive through young-generation GCs (see InFlightTable).
    const pending = (port as unknown as { pending: { table: unknown } }).pending.table;
    expect(pending).toBeInstanceOf(InFlightTable);
    expect((pending as InFlightTable<unknown>).size).toBe(0);
  });
  it('runs concurrent calls concurrently: three 300 ms handlers finish in well under 600 ms', async () => {
    let running = 0;
    let most = 0;
    const port = serverWith(
      tool(
        'slow',
        'Slow',
        { n: z.number() },
        async ({ n }, { signal }) => {
          running++;
          most = Math.max(most, running);
          await sleep(300, signal);
          running--;
          return { content: [{ type: 'text', text: `done ${n}` }] };
        },
        { annotations: { readOnlyHint: true } },
      ),
    );
    await port.manifest();
    const started = performance.now();
    const results = await Promise.all([1, 2, 3].map((n) => callTool(port, n, 'slow', { n })));
    const elapsed = performance.now() - started;
    expect(results.map(textOf)).toEqual(['done 1', 'done 2', 'done 3']);
    expect(most).toBe(3);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(600);
  });

  it('matches answers to callers whatever the order and whatever ids the CLI uses', async () => {
    const port = serverWith(
      tool('wait', 'Wait', { ms: z.number(), tag: z.string() }, async ({ ms, tag }) => {
        await sleep(ms);
        return { content: [{ type: 'text', text: tag }] };
      }),
    );
    await port.manifest(); // the port's own handshake used ids of its own
    const calls = [
      { id: 1, ms: 60, tag: 'one' },
      { id: 2, ms: 10, tag: 'two' },
      { id: '1', ms: 30, tag: 'string one' },
      { id: 0, ms: 0, tag: 'zero' },
    ];
    const responses = await Promise.all(
      calls.map((c) => send(port, toolsCall(c.id, 'wait', { ms: c.ms, tag: c.tag }))),
    );
    responses.forEach((response, index) => {
      expect(response).toEqual({
        jsonrpc: '2.0',
        id: calls[index]?.id,
        result: { content: [{ type: 'text', text: calls[index]?.tag }] },
      });
    });
  });
});

describe('handler failures', () => {
  it.each([
    ['an Error', new Error('disk full'), 'disk full'],
    ['a string', 'plain string failure', 'plain string failure'],
    ['an object', { reason: 'quota' }, '{"reason":"quota"}'],
    ['an Error without message', new TypeError(''), 'TypeError'],
  ])('turns a throw of %s into an isError result', async (_, thrown, text) => {
    const port = serverWith(
      tool('fail', 'Fail', {}, async () => {
        throw thrown;
      }),
    );
    expect(await callTool(port, 1, 'fail', {})).toEqual({ content: [{ type: 'text', text }], isError: true });
  });

  it('turns a synchronous throw into an isError result', async () => {
    const port = serverWith(
      tool('fail', 'Fail', {}, () => {
        throw new Error('sync');
      }),
    );
    expect(await callTool(port, 1, 'fail', {})).toEqual({ content: [{ type: 'text', text: 'sync' }], isError: true });
  });

  it.each([
    ['a number', 42, 'expected an object'],
    ['undefined', undefined, 'expected an object'],
    ['content that is not an array', { content: 'hi' }, 'content must be an array'],
    ['no content', { isError: false }, 'content must be an array'],
    ['a text block without text', { content: [{ type: 'text' }] }, 'content[0] is a text block'],
    ['a block without type', { content: [{ text: 'x' }] }, 'content[0] must be a content block'],
    ['a non-boolean isError', { content: [], isError: 'yes' }, 'isError must be a boolean'],
  ])('turns a return of %s into an isError result', async (_, returned, text) => {
    const port = serverWith(tool('bad', 'Bad', {}, async () => returned as never));
    const result = await callTool(port, 1, 'bad', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Tool "bad" returned an invalid result');
    expect(textOf(result)).toContain(text);
  });

  it('passes an isError result of the handler through', async () => {
    const result = { content: [{ type: 'text' as const, text: 'Division by zero' }], isError: true };
    const port = serverWith(tool('div', 'Div', {}, async () => result));
    expect(await callTool(port, 1, 'div', {})).toEqual(result);
  });

  it('lets progress notifications go (they are dropped) without failing the call', async () => {
    const port = serverWith(
      tool('work', 'Work', {}, async (_args, extra) => {
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: 1, progress: 1 } });
        return { content: [{ type: 'text', text: 'ok' }] };
      }),
    );
    expect(textOf(await callTool(port, 1, 'work', {}))).toBe('ok');
  });
});

describe('timeouts', () => {
  it('aborts the handler and answers isError when timeoutMs elapses', async () => {
    let handlerSignal: AbortSignal | undefined;
    const port = serverWith(
      tool(
        'slow',
        'Slow',
        {},
        async (_args, { signal }) => {
          handlerSignal = signal;
          await sleep(5_000, signal);
          return { content: [{ type: 'text', text: 'late' }] };
        },
        { timeoutMs: 50 },
      ),
    );
    const started = performance.now();
    const result = await callTool(port, 1, 'slow', {});
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result).toEqual({ content: [{ type: 'text', text: 'Tool "slow" timed out after 50 ms' }], isError: true });
    expect(handlerSignal?.aborted).toBe(true);
  });

  it('ends the call at the timeout even when the handler ignores its signal', async () => {
    const port = serverWith(tool('stuck', 'Stuck', {}, () => new Promise(() => {}), { timeoutMs: 30 }));
    const result = await callTool(port, 1, 'stuck', {});
    expect(textOf(result)).toBe('Tool "stuck" timed out after 30 ms');
  });

  it('leaves handlers that finish in time alone, and has no short limit by default', async () => {
    const port = serverWith(
      tool('quick', 'Quick', {}, async () => ({ content: [{ type: 'text', text: 'ok' }] }), { timeoutMs: 1_000 }),
      tool('long', 'Long', {}, async (_args, { signal }) => {
        await sleep(400, signal);
        return { content: [{ type: 'text', text: 'finished' }] };
      }),
    );
    expect(textOf(await callTool(port, 1, 'quick', {}))).toBe('ok');
    expect(textOf(await callTool(port, 2, 'long', {}))).toBe('finished');
  });
});
