import { ApprovalLedger, InMemoryApprovalStore } from '@hexagent/core';
import {
  type CanUseToolOptions,
  createSdkMcpServer,
  type HookCallback,
  type HookInput,
  type McpSdkServerConfigWithInstance,
  type SdkMcpToolDefinition,
  type ToolHandlerExtra,
  tool,
} from '@hexagent/sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { approvalGate } from './approval-gate.js';

const SESSION = 'session-1';

function setup(options: { rule?: { tools?: string[] }; userCanUseTool?: boolean } = {}) {
  const ledger = new ApprovalLedger({ store: new InMemoryApprovalStore() });
  const ran: Array<Record<string, unknown>> = [];
  const ops = createSdkMcpServer({
    name: 'ops',
    tools: [
      tool('deploy', 'Deploy', { env: z.string(), force: z.boolean().default(false) }, async (args) => {
        ran.push(args);
        return { content: [{ type: 'text', text: `deployed ${args.env}` }] };
      }),
      tool('status', 'Status', {}, async () => ({ content: [{ type: 'text', text: 'ok' }] })),
    ],
  });
  const gate = approvalGate({
    policy: { ledger, rule: options.rule ?? { tools: ['mcp__ops__deploy', 'Bash'] }, requestedBy: 'tester' },
    sessionId: SESSION,
    options: {
      mcpServers: { ops },
      ...(options.userCanUseTool ? { canUseTool: async () => ({ behavior: 'allow' as const }) } : {}),
    },
    context: { job: 'j1' },
  });
  const hook = (gate.options.hooks?.PreToolUse?.[0]?.hooks[0] ?? (() => {})) as HookCallback;
  const post = (gate.options.hooks?.PostToolUse?.[0]?.hooks[0] ?? (() => {})) as HookCallback;
  const signal = new AbortController().signal;
  const pre = (toolUseId: string, toolName: string, input: Record<string, unknown>) =>
    hook(
      { hook_event_name: 'PreToolUse', tool_use_id: toolUseId, tool_name: toolName, tool_input: input } as HookInput,
      toolUseId,
      { signal },
    );
  const ask = (toolUseId: string, toolName: string, input: Record<string, unknown>) =>
    gate.options.canUseTool?.(toolName, input, { signal, toolUseID: toolUseId, requestId: 'r' } as CanUseToolOptions);
  const server = gate.options.mcpServers?.ops as McpSdkServerConfigWithInstance;
  const deploy = (server.instance as { tools: SdkMcpToolDefinition[] }).tools[0] as SdkMcpToolDefinition;
  const call = (toolUseId: string | undefined, args: Record<string, unknown>) =>
    deploy.handler(args as never, { toolUseId, signal, requestId: 1 } as unknown as ToolHandlerExtra);
  return { ledger, ran, gate, pre, post, ask, call };
}

const decision = (output: unknown) =>
  (output as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision;

describe('approvalGate', () => {
  it('defers a gated call after recording it pending with who asked, and passes the others', async () => {
    const { ledger, pre } = setup();
    expect(decision(await pre('t1', 'mcp__ops__deploy', { env: 'prod' }))).toBe('defer');
    const [record] = await ledger.list({ status: 'pending' });
    expect(record).toMatchObject({
      sessionId: SESSION,
      toolUseId: 't1',
      requestedBy: 'tester',
      context: { job: 'j1' },
    });
    expect(await pre('t2', 'mcp__ops__status', {})).toEqual({});
    expect(await pre('t3', 'Read', { file_path: '/x' })).toEqual({});
  });

  it('defers one call per turn and denies the next gated one, even when the CLI asks for both at once', async () => {
    const { ledger, pre } = setup();
    const outputs = await Promise.all([pre('a', 'mcp__ops__deploy', { env: 'a' }), pre('b', 'Bash', { command: 'x' })]);
    expect(outputs.map(decision)).toEqual(['defer', 'deny']);
    expect((await ledger.list()).map((r) => r.toolUseId)).toEqual(['a']);
    expect(decision(await pre('a', 'mcp__ops__deploy', { env: 'a' }))).toBe('defer');
  });

  it('lets an approved call through as ask with the approved input, and the handler runs it once', async () => {
    const { ledger, pre, ask, call, ran } = setup();
    await pre('t1', 'mcp__ops__deploy', { env: 'prod' });
    const [record] = await ledger.list();
    await ledger.approve(record?.id ?? '', { by: 'alice', input: { env: 'stage' } });
    const resumed = await pre('t1', 'mcp__ops__deploy', { env: 'prod' });
    expect(resumed).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', updatedInput: { env: 'stage' } },
    });
    expect(await ask('t1', 'mcp__ops__deploy', { env: 'stage' })).toEqual({
      behavior: 'allow',
      updatedInput: { env: 'stage' },
    });
    // The handler gets what the zod shape parsed (force defaulted): it still matches the approved input.
    expect(await call('t1', { env: 'stage', force: false })).toEqual({
      content: [{ type: 'text', text: 'deployed stage' }],
    });
    expect((await call('t1', { env: 'stage', force: false })).isError).toBe(true);
    expect(ran).toEqual([{ env: 'stage', force: false }]);
    expect(await ledger.get(record?.id ?? '')).toMatchObject({
      status: 'ran',
      execution: { endedAt: expect.any(Number) },
    });
  });

  it('refuses in the handler when the CLI skipped the hook and canUseTool: undecided, denied, replaced by an edit, changed', async () => {
    const { ledger, pre, call, ran } = setup();
    expect((await call('t0', { env: 'prod', force: false })).content).toEqual([
      { type: 'text', text: 'Not run: this call needs a person’s approval and was not approved.' },
    ]);
    await pre('t1', 'mcp__ops__deploy', { env: 'prod' });
    expect((await call('t1', { env: 'prod', force: false })).isError).toBe(true);
    const id = (await ledger.find(SESSION, 't1'))?.id ?? '';
    await ledger.deny(id, { by: 'bob', reason: 'not today' });
    expect((await call('t1', { env: 'prod', force: false })).content).toEqual([
      { type: 'text', text: 'Not run: a person denied this call: not today.' },
    ]);
    const next = setup();
    await next.pre('t2', 'mcp__ops__deploy', { env: 'prod' });
    await next.ledger.approve((await next.ledger.find(SESSION, 't2'))?.id ?? '', { by: 'a', input: { env: 'stage' } });
    expect((await next.call('t2', { env: 'prod', force: false })).isError).toBe(true);
    expect(await next.ledger.find(SESSION, 't2')).toMatchObject({ status: 'invalidated' });
    expect([...ran, ...next.ran]).toEqual([]);
    expect((await call(undefined, { env: 'prod', force: false })).isError).toBe(true);
  });

  it('checks again in canUseTool, claims a CLI-run call there and records its end from PostToolUse', async () => {
    const { ledger, pre, ask } = setup();
    expect(await ask('t0', 'Bash', { command: 'rm -rf /' })).toMatchObject({ behavior: 'deny' });
    await pre('t1', 'Bash', { command: 'ls' });
    expect(await ask('t1', 'Bash', { command: 'ls' })).toMatchObject({
      behavior: 'deny',
      message: expect.stringMatching(/waiting/),
    });
    const id = (await ledger.find(SESSION, 't1'))?.id ?? '';
    await ledger.approve(id, { by: 'alice' });
    expect(await ask('t1', 'Bash', { command: 'ls -la' })).toMatchObject({ behavior: 'deny' });
    expect(await ledger.get(id)).toMatchObject({ status: 'invalidated' });
    const next = setup();
    await next.pre('t2', 'Bash', { command: 'ls' });
    const id2 = (await next.ledger.find(SESSION, 't2'))?.id ?? '';
    await next.ledger.approve(id2, { by: 'alice' });
    expect(await next.ask('t2', 'Bash', { command: 'ls' })).toEqual({
      behavior: 'allow',
      updatedInput: { command: 'ls' },
    });
    expect(await next.ask('t2', 'Bash', { command: 'ls' })).toMatchObject({ behavior: 'deny' });
    expect(await next.ledger.get(id2)).toMatchObject({ status: 'running' });
    const signal = new AbortController().signal;
    await next.post({ hook_event_name: 'PostToolUse', tool_use_id: 't2', tool_name: 'Bash' } as HookInput, 't2', {
      signal,
    });
    expect(await next.ledger.get(id2)).toMatchObject({ status: 'ran' });
  });

  it("leaves ungated calls to the user's canUseTool, and denies them without one", async () => {
    expect(await setup({ userCanUseTool: true }).ask('t', 'Read', {})).toEqual({ behavior: 'allow' });
    expect(await setup().ask('t', 'Read', {})).toMatchObject({ behavior: 'deny' });
  });
});
