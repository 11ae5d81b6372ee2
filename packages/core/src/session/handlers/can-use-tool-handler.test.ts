import { describe, expect, it, vi } from 'vitest';
import { flush } from '../../../test/helpers/fakes.js';
import type { Options } from '../../types/options.js';
import type { CanUseTool, CanUseToolOptions } from '../../types/permissions/can-use-tool.js';
import type { PermissionResult } from '../../types/permissions/permission-result.js';
import { ManualClock } from '../../util/manual-clock.js';
import { createCanUseToolHandler, DEFAULT_PERMISSION_TIMEOUT_MS } from './can-use-tool-handler.js';

const request = {
  subtype: 'can_use_tool',
  tool_name: 'Bash',
  input: { command: 'ls' },
  tool_use_id: 'toolu_1',
  permission_suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
  blocked_path: '/etc',
  decision_reason: 'outside the workspace',
  agent_id: 'agent_1',
};

function ask(
  options: Options,
  body: Record<string, unknown> = request,
  signal = new AbortController().signal,
  clock?: ManualClock,
) {
  return createCanUseToolHandler(options, clock)({ subtype: 'can_use_tool', ...body }, { signal, requestId: 'req_1' });
}

/** Moves `clock` on by `ms`, then lets the callbacks it settled run. */
async function advance(clock: ManualClock, ms: number): Promise<void> {
  clock.advance(ms);
  await flush();
}

describe('createCanUseToolHandler', () => {
  it('calls canUseTool with (toolName, input, context) and answers allow with the input and toolUseID', async () => {
    const canUseTool = vi.fn<CanUseTool>(async () => ({ behavior: 'allow' }));
    expect(await ask({ canUseTool })).toEqual({
      behavior: 'allow',
      updatedInput: { command: 'ls' },
      toolUseID: 'toolu_1',
    });
    const [name, input, context] = canUseTool.mock.calls[0] as [string, unknown, CanUseToolOptions];
    expect([name, input]).toEqual(['Bash', { command: 'ls' }]);
    expect(context).toEqual({
      signal: expect.any(AbortSignal),
      toolUseID: 'toolu_1',
      requestId: 'req_1',
      suggestions: request.permission_suggestions,
      blockedPath: '/etc',
      decisionReason: 'outside the workspace',
      agentID: 'agent_1',
    });
  });

  it('leaves the optional context fields out when the request has none, and defaults toolUseID and input', async () => {
    const canUseTool = vi.fn<CanUseTool>(async () => ({ behavior: 'allow' }));
    expect(await ask({ canUseTool }, { tool_name: 'Read' })).toEqual({
      behavior: 'allow',
      updatedInput: {},
      toolUseID: '',
    });
    expect(canUseTool.mock.calls[0]?.[2]).toEqual({
      signal: expect.any(AbortSignal),
      toolUseID: '',
      requestId: 'req_1',
    });
  });

  it.each<[string, PermissionResult, Record<string, unknown>]>([
    [
      'allow with updatedInput and updatedPermissions',
      { behavior: 'allow', updatedInput: { command: 'pwd' }, updatedPermissions: [] },
      { behavior: 'allow', updatedInput: { command: 'pwd' }, toolUseID: 'toolu_1', updatedPermissions: [] },
    ],
    [
      'deny with interrupt',
      { behavior: 'deny', message: 'no', interrupt: true },
      { behavior: 'deny', message: 'no', toolUseID: 'toolu_1', interrupt: true },
    ],
    [
      'deny without interrupt',
      { behavior: 'deny', message: 'no' },
      { behavior: 'deny', message: 'no', toolUseID: 'toolu_1' },
    ],
    [
      'neither allow nor deny',
      { behavior: 'maybe' } as unknown as PermissionResult,
      {
        behavior: 'deny',
        message: 'Permission callback returned neither { behavior: "allow" } nor { behavior: "deny" }',
        toolUseID: 'toolu_1',
      },
    ],
  ])('answers %s', async (_name, decision, answer) => {
    expect(await ask({ canUseTool: async () => decision })).toEqual(answer);
  });

  it('denies with the message of a callback that throws, synchronously or not', async () => {
    const failing: CanUseTool[] = [
      () => {
        throw new Error('policy down');
      },
      async () => {
        throw new Error('policy down');
      },
    ];
    for (const canUseTool of failing) {
      expect(await ask({ canUseTool })).toEqual({
        behavior: 'deny',
        message: 'Permission callback failed: policy down',
        toolUseID: 'toolu_1',
      });
    }
  });

  it('denies a callback that outlives permissionTimeoutMs (default 10 min) and aborts its signal', async () => {
    expect(DEFAULT_PERMISSION_TIMEOUT_MS).toBe(600_000);
    const clock = new ManualClock();
    let seen: AbortSignal | undefined;
    const answer = ask(
      {
        canUseTool: (_name, _input, { signal }) => {
          seen = signal;
          return new Promise(() => {});
        },
      },
      request,
      undefined,
      clock,
    );
    await advance(clock, DEFAULT_PERMISSION_TIMEOUT_MS - 1);
    expect(seen?.aborted).toBe(false);
    await advance(clock, 1);
    expect(await answer).toEqual({
      behavior: 'deny',
      message: 'Permission callback failed: canUseTool did not answer within 600000 ms',
      toolUseID: 'toolu_1',
    });
    expect(seen?.aborted).toBe(true);
    expect(clock.pendingTimers).toBe(0);
  });

  it('denies, and aborts the callback’s signal, when the request is withdrawn', async () => {
    const withdrawn = new AbortController();
    let seen: AbortSignal | undefined;
    const answer = ask(
      {
        canUseTool: (_name, _input, { signal }) => {
          seen = signal;
          return new Promise(() => {});
        },
      },
      request,
      withdrawn.signal,
    );
    await vi.waitFor(() => expect(seen).toBeDefined());
    withdrawn.abort(new Error('cancelled by the CLI'));
    expect(await answer).toMatchObject({
      behavior: 'deny',
      message: 'Permission callback failed: canUseTool was cancelled',
    });
    expect(seen?.reason).toEqual(new Error('cancelled by the CLI'));
  });

  it('rejects when no canUseTool callback is set, and reads the options when the request comes', async () => {
    const options: Options = {};
    const handle = createCanUseToolHandler(options);
    const signal = new AbortController().signal;
    await expect(handle(request, { signal, requestId: 'req_1' })).rejects.toThrow('no canUseTool callback is set');
    options.canUseTool = async () => ({ behavior: 'deny', message: 'later' });
    expect(await handle(request, { signal, requestId: 'req_1' })).toMatchObject({ behavior: 'deny', message: 'later' });
  });
});
