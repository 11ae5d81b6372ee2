import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createSdkMcpServer, query, type SDKMessage, tool } from '@hexagent/sdk';
import { collect, resultText, TestScope, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

const scope = new TestScope();
afterEach(() => scope.cleanup());

function lastResult(messages: SDKMessage[]): Record<string, unknown> {
  const result = messages.filter((message) => message.type === 'result').at(-1);
  expect(result, 'a result message').toBeDefined();
  return result as Record<string, unknown>;
}

describe('in-process MCP tools through the real CLI', () => {
  it('delivers a tool result to the model; the handler runs once with the model arguments', async () => {
    const calls: Array<{ a: number; b: number }> = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '1.0.0',
      tools: [
        tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async (args) => {
          calls.push(args);
          return { content: [{ type: 'text', text: String(args.a + args.b) }] };
        }),
      ],
    });
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__add', { a: 15, b: 27 }, 'toolu_add')] },
      { content: [text('the answer is 42')] },
    ]);
    const messages = await collect(
      query({
        prompt: 'What is 15 + 27?',
        options: { env: harness.env, mcpServers: { calc }, allowedTools: ['mcp__calc__add'] },
      }),
    );

    expect(calls).toEqual([{ a: 15, b: 27 }]);
    const results = harness.server.toolResults();
    expect(results).toHaveLength(1);
    expect(results[0]?.tool_use_id).toBe('toolu_add');
    expect(resultText(results[0]?.content)).toContain('42');
    expect(results[0]?.is_error ?? false).toBe(false);
    const result = lastResult(messages);
    expect(result.subtype).toBe('success');
    expect(result.result).toBe('the answer is 42');
    // The user saw the tool call and its result.
    const sawToolResult = messages.some(
      (message) => message.type === 'user' && JSON.stringify(message).includes('"tool_use_id":"toolu_add"'),
    );
    expect(sawToolResult).toBe(true);
  });

  it('runs three read-only tool calls of one turn concurrently', async () => {
    const started: number[] = [];
    const slow = createSdkMcpServer({
      name: 'slow',
      tools: [
        tool(
          'wait',
          'Wait a while',
          { n: z.number() },
          async ({ n }) => {
            started.push(Date.now());
            // The time is the point: calls this long overlap only if they run in parallel.
            await new Promise((resolve) => setTimeout(resolve, 1500));
            return { content: [{ type: 'text', text: `done ${n}` }] };
          },
          { annotations: { readOnlyHint: true } },
        ),
      ],
    });
    const harness = await scope.startCliHarness([
      {
        content: [
          toolUse('mcp__slow__wait', { n: 1 }, 'toolu_w1'),
          toolUse('mcp__slow__wait', { n: 2 }, 'toolu_w2'),
          toolUse('mcp__slow__wait', { n: 3 }, 'toolu_w3'),
        ],
      },
      { content: [text('all done')] },
    ]);
    await collect(
      query({
        prompt: 'wait three times',
        options: { env: harness.env, mcpServers: { slow }, allowedTools: ['mcp__slow__wait'] },
      }),
    );
    expect(started).toHaveLength(3);
    const spread = Math.max(...started) - Math.min(...started);
    // Sequential execution would start them 1.5 s apart; concurrent ones start together.
    expect(spread).toBeLessThan(1000);
    const results = harness.server.toolResults();
    expect(results.map((result) => resultText(result.content)).sort()).toEqual(['done 1', 'done 2', 'done 3']);
  });

  it('measures three 1.5 s read-only calls finishing in under 2.5 s', async () => {
    let firstStart = 0;
    let lastEnd = 0;
    const slow = createSdkMcpServer({
      name: 'slow',
      tools: [
        tool(
          'wait',
          'Wait a while',
          { n: z.number() },
          async ({ n }) => {
            firstStart ||= Date.now();
            // The time is the point: calls this long overlap only if they run in parallel.
            await new Promise((resolve) => setTimeout(resolve, 1500));
            lastEnd = Date.now();
            return { content: [{ type: 'text', text: `done ${n}` }] };
          },
          { annotations: { readOnlyHint: true } },
        ),
      ],
    });
    const harness = await scope.startCliHarness([
      {
        content: [
          toolUse('mcp__slow__wait', { n: 1 }),
          toolUse('mcp__slow__wait', { n: 2 }),
          toolUse('mcp__slow__wait', { n: 3 }),
        ],
      },
      { content: [text('ok')] },
    ]);
    await collect(
      query({ prompt: 'go', options: { env: harness.env, mcpServers: { slow }, allowedTools: ['mcp__slow__wait'] } }),
    );
    expect(lastEnd - firstStart).toBeLessThan(2500);
  });

  it('turns a throwing handler into an error result for the model; the session still succeeds', async () => {
    const boom = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('boom', 'Always fails', { x: z.number() }, async () => {
          throw new Error('kaboom');
        }),
      ],
    });
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__boom', { x: 1 }, 'toolu_boom')] },
      { content: [text('saw error')] },
    ]);
    const messages = await collect(
      query({
        prompt: 'boom',
        options: { env: harness.env, mcpServers: { calc: boom }, allowedTools: ['mcp__calc__boom'] },
      }),
    );
    const [seen] = harness.server.toolResults();
    expect(seen?.is_error).toBe(true);
    expect(resultText(seen?.content)).toContain('kaboom');
    expect(lastResult(messages).subtype).toBe('success');
  });

  it('never runs a handler on arguments that break the schema, and tells the model why', async () => {
    let ran = 0;
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => {
          ran += 1;
          return { content: [{ type: 'text', text: String(a + b) }] };
        }),
        tool(
          'scale',
          'Scale by a factor (JSON Schema tool)',
          { type: 'object', properties: { factor: { type: 'integer', minimum: 1 } }, required: ['factor'] },
          async () => {
            ran += 1;
            return { content: [{ type: 'text', text: 'scaled' }] };
          },
        ),
      ],
    });
    const harness = await scope.startCliHarness([
      {
        content: [
          toolUse('mcp__calc__add', { a: 'fifteen', b: 27 }, 'toolu_bad_zod'),
          toolUse('mcp__calc__scale', { factor: 0 }, 'toolu_bad_json'),
        ],
      },
      { content: [text('understood')] },
    ]);
    const messages = await collect(
      query({
        prompt: 'bad args',
        options: { env: harness.env, mcpServers: { calc }, allowedTools: ['mcp__calc__add', 'mcp__calc__scale'] },
      }),
    );
    expect(ran).toBe(0);
    const results = harness.server.toolResults();
    const zodResult = results.find((result) => result.tool_use_id === 'toolu_bad_zod');
    const jsonResult = results.find((result) => result.tool_use_id === 'toolu_bad_json');
    expect(zodResult?.is_error).toBe(true);
    expect(resultText(zodResult?.content)).toMatch(/\ba\b/);
    expect(jsonResult?.is_error).toBe(true);
    expect(resultText(jsonResult?.content)).toMatch(/factor/);
    expect(lastResult(messages).subtype).toBe('success');
  });

  it('round-trips non-ASCII text exactly, both ways', async () => {
    const tricky = 'emoji 😀👩‍👩‍👧 CJK 漢字かな 한국어 line\u2028sep\u2029para "quotes" \\back\\slash\\ tab\t nul-free';
    const received: string[] = [];
    const echo = createSdkMcpServer({
      name: 'echo',
      tools: [
        tool('echo', 'Echo', { s: z.string() }, async ({ s }) => {
          received.push(s);
          return { content: [{ type: 'text', text: `[${s}]` }] };
        }),
      ],
    });
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__echo__echo', { s: tricky }, 'toolu_echo')] },
      { content: [text(`final ${tricky}`)] },
    ]);
    const messages = await collect(
      query({
        prompt: `say ${tricky}`,
        options: { env: harness.env, mcpServers: { echo }, allowedTools: ['mcp__echo__echo'] },
      }),
    );
    expect(received).toEqual([tricky]);
    expect(resultText(harness.server.toolResults()[0]?.content)).toBe(`[${tricky}]`);
    expect(lastResult(messages).result).toBe(`final ${tricky}`);
    // The prompt reached the model intact.
    const firstRequest = JSON.stringify(harness.server.messageRequests[0]?.body);
    expect(firstRequest).toContain(JSON.stringify(`say ${tricky}`).slice(1, -1));
  });

  it('hands a 2 MB tool result to the CLI whole', async () => {
    const big = `${'0123456789abcdef'.repeat(131_072)}END`; // 2 MiB + 3 characters
    const blob = createSdkMcpServer({
      name: 'blob',
      tools: [tool('big', 'A big result', {}, async () => ({ content: [{ type: 'text', text: big }] }))],
    });
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__blob__big', {}, 'toolu_big')] },
      { content: [text('got it')] },
    ]);
    const messages = await collect(
      query({ prompt: 'big', options: { env: harness.env, mcpServers: { blob }, allowedTools: ['mcp__blob__big'] } }),
    );
    expect(lastResult(messages).subtype).toBe('success');
    const seen = resultText(harness.server.toolResults()[0]?.content);
    if (seen.length >= big.length) {
      // The CLI passed it inline: it must be exact.
      expect(seen).toContain(big);
    } else {
      // Over the CLI's inline limit it saves the whole result to a file and tells the model its size.
      const saved = findFiles(harness.configDir).filter((file) => statSync(file).size >= big.length);
      expect(saved.some((file) => readFileSync(file, 'utf8').includes(big))).toBe(true);
    }
  });
});

function findFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findFiles(path));
    else out.push(path);
  }
  return out;
}
