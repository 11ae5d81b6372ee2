/**
 * Long tools on the REAL CLI. Nothing on our side times out a running handler for inactivity, and
 * the CLI's own limit for in-process (SDK) servers is `MCP_TOOL_TIMEOUT` (a wall-clock limit per
 * call; unset, Claude Code 2.1.329 allows 100,000,000 ms, about 27.8 hours): a tool that works
 * silently for 90 s completes and its result reaches the model. The second test shows that
 * `MCP_TOOL_TIMEOUT` is indeed the knob (and that the CLI then cancels our handler).
 *
 * Why 90 s: the shortest default limit anywhere on the call's path is the MCP SDK's request timeout,
 * 60 s (`DEFAULT_REQUEST_TIMEOUT_MSEC`, applied to a request sent without a timeout of its own); 90 s
 * is past it with room. The other limits are read from the code (docs/reliability.md, "Long tools"),
 * and ours are tested with fake timers (`mcp-inprocess/tool-faults` › a long tool). A longer window
 * proves no more and kept a test worker busy doing nothing for 3 minutes of every run.
 *
 * The 90 s test is the one slow test of the suite, on purpose.
 */
import { createSdkMcpServer, query, type SDKMessage, tool } from '@hexagent/sdk';
import { TestScope, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { aborted, sleep, startRealCli } from './lifecycle-helpers.js';
import { reportProgress } from './progress.js';

/** How long the handler works silently: past the MCP SDK's 60 s default request timeout (see above). */
const SILENT_MS = 90_000;

const scope = new TestScope();
afterEach(() => scope.cleanup());

function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  return (Array.isArray(content) ? content : []).map((part) => (part as { text?: string }).text ?? '').join('');
}

describe('a long tool call on the real CLI', () => {
  it('a handler that works silently for 90 s (past the MCP SDK default 60 s) completes, and its result reaches the model', {
    timeout: SILENT_MS + 60_000,
  }, async () => {
    const harness = await startRealCli(scope, [
      { content: [toolUse('mcp__slow__crunch', {}, 'toolu_crunch')] },
      { content: [text('the crunch is done')] },
    ]);
    let handlerSignal: AbortSignal | undefined;
    let handlerStarted = 0;
    const slow = createSdkMcpServer({
      name: 'slow',
      tools: [
        tool('crunch', 'Crunch numbers for 90 s', {}, async (_args, { signal }) => {
          handlerSignal = signal;
          handlerStarted = Date.now();
          // No progress notifications, no output: a silent 90 s.
          await Promise.race([sleep(SILENT_MS), aborted(signal)]);
          return { content: [{ type: 'text', text: signal.aborted ? 'cancelled' : 'crunched for 90 s' }] };
        }),
      ],
    });
    const started = Date.now();
    const messages: SDKMessage[] = [];
    const progress = reportProgress('a silent 90 s tool call', () =>
      handlerStarted === 0
        ? 'waiting for the call'
        : `the handler has worked for ${Math.round((Date.now() - handlerStarted) / 1000)} of ${SILENT_MS / 1000} s`,
    );
    try {
      for await (const message of query({
        prompt: 'crunch',
        options: { env: harness.env, mcpServers: { slow }, allowedTools: ['mcp__slow__crunch'] },
      })) {
        messages.push(message);
      }
    } finally {
      progress.stop();
    }
    const elapsed = Date.now() - started;
    console.log(`[lifecycle] a 90 s silent tool call: the query took ${Math.round(elapsed / 1000)} s`);
    expect(elapsed).toBeGreaterThanOrEqual(SILENT_MS);
    expect(handlerSignal?.aborted).toBe(false);
    const [result] = harness.server.toolResults();
    expect(result?.tool_use_id).toBe('toolu_crunch');
    expect(result?.is_error).toBe(false);
    expect(toolResultText(result?.content)).toContain('crunched for 90 s');
    const final = messages.find((message) => message.type === 'result') as { subtype?: string; result?: string };
    expect(final).toMatchObject({ subtype: 'success', result: 'the crunch is done' });
  });

  it('MCP_TOOL_TIMEOUT is the CLI-side limit: at 2000 ms a 6 s tool is cut off and its handler cancelled', async () => {
    const harness = await startRealCli(
      scope,
      [{ content: [toolUse('mcp__slow__wait', {}, 'toolu_wait')] }, { content: [text('noted the timeout')] }],
      {},
      { MCP_TOOL_TIMEOUT: '2000' },
    );
    let startedAt = 0;
    let abortedAfterMs: number | undefined;
    const slow = createSdkMcpServer({
      name: 'slow',
      tools: [
        tool('wait', 'Wait 6 s', {}, async (_args, { signal }) => {
          startedAt = Date.now();
          await Promise.race([sleep(6_000), aborted(signal)]);
          if (signal.aborted) abortedAfterMs = Date.now() - startedAt;
          return { content: [{ type: 'text', text: 'finished' }] };
        }),
      ],
    });
    const messages: SDKMessage[] = [];
    for await (const message of query({
      prompt: 'wait',
      options: { env: harness.env, mcpServers: { slow }, allowedTools: ['mcp__slow__wait'] },
    })) {
      messages.push(message);
    }
    console.log(`[lifecycle] MCP_TOOL_TIMEOUT=2000: the CLI cancelled the handler after ${abortedAfterMs} ms`);
    const [result] = harness.server.toolResults();
    expect(result?.is_error).toBe(true);
    expect(toolResultText(result?.content)).toMatch(/timed out after 2s/);
    expect(abortedAfterMs).toBeGreaterThanOrEqual(1_500);
    expect(abortedAfterMs).toBeLessThan(4_000);
    expect((messages.at(-1) as { subtype?: string }).subtype).toBe('success');
  });
});
