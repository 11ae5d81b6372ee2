import { InMemoryStepStore, inputDigest, StepLedger } from '@hexagent/core';
import {
  type CallToolResult,
  createSdkMcpServer,
  type McpServerConfig,
  type SdkMcpToolDefinition,
  tool,
} from '@hexagent/sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordSteps, type StepRecorder } from './record-steps.js';

function setup(options: { idempotent?: boolean; fails?: boolean } = {}) {
  const ran: number[] = [];
  const ops = createSdkMcpServer({
    name: 'ops',
    tools: [
      tool('charge', 'Charge', { cents: z.number() }, async ({ cents }) => {
        ran.push(cents);
        if (options.fails) throw new Error('card declined');
        return { content: [{ type: 'text', text: `charged ${cents}` }] };
      }),
    ],
  });
  const ledger = new StepLedger({ store: new InMemoryStepStore() });
  const recorder: StepRecorder = {
    ledger,
    sessionId: 's1',
    idempotent: () => options.idempotent ?? false,
    skipped: [],
  };
  const call = (servers: Record<string, McpServerConfig> | undefined, cents: number, toolUseId = 'toolu_1') => {
    const definition = (
      (servers as Record<string, McpServerConfig>).ops as unknown as { instance: { tools: SdkMcpToolDefinition[] } }
    ).instance;
    return definition.tools[0]?.handler({ cents } as never, { toolUseId } as never) as Promise<CallToolResult>;
  };
  return { ran, ledger, recorder, servers: { ops }, call };
}

describe('recordSteps', () => {
  it('runs a call once: a re-request of a completed tool use id is answered from its record', async () => {
    const { ran, ledger, recorder, servers, call } = setup();
    const first = await call(recordSteps(servers, recorder), 5);
    // Another attempt (another worker) wraps the same tools over the same store.
    const again = await call(recordSteps(servers, recorder), 5);
    expect(ran).toEqual([5]);
    expect(again).toEqual(first);
    expect((await ledger.get('s1', 'toolu_1'))?.record).toMatchObject({ status: 'completed', starts: 1 });
  });

  it('a call left in flight runs again only when idempotent; another input under the id is refused', async () => {
    const { ran, ledger, recorder, servers, call } = setup();
    await ledger.begin(
      {
        sessionId: 's1',
        toolUseId: 'toolu_1',
        toolName: 'mcp__ops__charge',
        input: { cents: 5 },
        inputDigest: inputDigest({ cents: 5 }),
      },
      false,
    );
    const refused = await call(recordSteps(servers, recorder), 5);
    expect(refused.isError).toBe(true);
    expect(ran).toEqual([]);
    expect((await call(recordSteps(servers, { ...recorder, idempotent: () => true }), 5)).isError).toBeUndefined();
    expect(ran).toEqual([5]);
    expect((await call(recordSteps(servers, recorder), 6)).content).toEqual([
      { type: 'text', text: 'Not run: this tool use id was recorded with another tool or input.' },
    ]);
  });

  it('a skipped call is refused under any tool use id; a thrown error is recorded as the result', async () => {
    const { ran, recorder, servers, call } = setup({ fails: true });
    const digest = inputDigest({ cents: 5 });
    const skipping = {
      ...recorder,
      skipped: [{ toolName: 'mcp__ops__charge', inputDigest: digest, reason: 'paid already' }],
    };
    expect(JSON.stringify((await call(recordSteps(servers, skipping), 5, 'toolu_2')).content)).toContain(
      'paid already',
    );
    expect(ran).toEqual([]);
    await expect(call(recordSteps(servers, recorder), 7, 'toolu_3')).rejects.toThrow('card declined');
    expect(await call(recordSteps(servers, recorder), 7, 'toolu_3')).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'card declined' }],
    });
    expect(ran).toEqual([7]);
  });
});
