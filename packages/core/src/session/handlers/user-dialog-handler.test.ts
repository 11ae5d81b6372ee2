import { describe, expect, it, vi } from 'vitest';
import { flush } from '../../../test/helpers/fakes.js';
import { NO_CONTROL_RESPONSE } from '../../ports/control-protocol.js';
import type { OnUserDialog } from '../../types/elicitation.js';
import type { Options } from '../../types/options.js';
import { ManualClock } from '../../util/manual-clock.js';
import { createUserDialogHandler, DEFAULT_USER_DIALOG_TIMEOUT_MS } from './user-dialog-handler.js';

// The request shape of the official d.ts (SDKControlRequestUserDialogRequest); no run has produced one.
const request = {
  subtype: 'request_user_dialog',
  dialog_kind: 'refusal_fallback_prompt',
  payload: { fallbackModel: 'claude-sonnet-4-5' },
  tool_use_id: 'toolu_1',
};

function ask(options: Options, body: Record<string, unknown> = request, signal = new AbortController().signal) {
  return createUserDialogHandler(options)({ subtype: 'request_user_dialog', ...body }, { signal, requestId: 'req_3' });
}

/** Moves `clock` on by `ms`, then lets the callbacks it settled run. */
async function advance(clock: ManualClock, ms: number): Promise<void> {
  clock.advance(ms);
  await flush();
}

describe('createUserDialogHandler', () => {
  it('calls onUserDialog with { dialogKind, payload, toolUseID } and { signal, requestId }, answering its return as is', async () => {
    const completed = { behavior: 'completed' as const, result: { choice: 'retry' } };
    const onUserDialog = vi.fn<OnUserDialog>(async () => completed);
    expect(await ask({ onUserDialog })).toBe(completed);
    expect(onUserDialog.mock.calls[0]).toEqual([
      { dialogKind: 'refusal_fallback_prompt', payload: { fallbackModel: 'claude-sonnet-4-5' }, toolUseID: 'toolu_1' },
      { signal: expect.any(AbortSignal), requestId: 'req_3' },
    ]);
  });

  it('leaves toolUseID out when the request has none, and answers cancelled as given', async () => {
    const onUserDialog = vi.fn<OnUserDialog>(async () => ({ behavior: 'cancelled' }));
    expect(await ask({ onUserDialog }, { dialog_kind: 'other', payload: {} })).toEqual({ behavior: 'cancelled' });
    expect(onUserDialog.mock.calls[0]?.[0]).toEqual({ dialogKind: 'other', payload: {} });
  });

  it('writes no answer without a callback, as the official SDK does, and reads the options when the request comes', async () => {
    const options: Options = {};
    const handle = createUserDialogHandler(options);
    const context = { signal: new AbortController().signal, requestId: 'req_1' };
    expect(await handle(request, context)).toBe(NO_CONTROL_RESPONSE);
    options.onUserDialog = async () => ({ behavior: 'completed', result: 1 });
    expect(await handle(request, context)).toEqual({ behavior: 'completed', result: 1 });
  });

  it('writes no answer when the callback returns null (answered out of band)', async () => {
    expect(await ask({ onUserDialog: async () => null })).toBe(NO_CONTROL_RESPONSE);
  });

  it('answers cancelled when the callback throws, synchronously or not', async () => {
    const failing: OnUserDialog[] = [
      () => {
        throw new Error('renderer gone');
      },
      async () => {
        throw new Error('renderer gone');
      },
    ];
    for (const onUserDialog of failing) expect(await ask({ onUserDialog })).toEqual({ behavior: 'cancelled' });
  });

  it('answers cancelled for a callback that outlives its deadline (default 10 min) and aborts its signal', async () => {
    expect(DEFAULT_USER_DIALOG_TIMEOUT_MS).toBe(600_000);
    const clock = new ManualClock();
    let seen: AbortSignal | undefined;
    const handle = createUserDialogHandler(
      {
        onUserDialog: (_request, { signal }) => {
          seen = signal;
          return new Promise(() => {});
        },
      },
      DEFAULT_USER_DIALOG_TIMEOUT_MS,
      clock,
    );
    const answer = handle(request, { signal: new AbortController().signal, requestId: 'req_1' });
    await advance(clock, DEFAULT_USER_DIALOG_TIMEOUT_MS);
    expect(await answer).toEqual({ behavior: 'cancelled' });
    expect(seen?.aborted).toBe(true);
    expect(clock.pendingTimers).toBe(0);
  });

  it('aborts the callback’s signal when the CLI withdraws the dialog', async () => {
    const withdrawn = new AbortController();
    let seen: AbortSignal | undefined;
    const answer = ask(
      {
        onUserDialog: (_request, { signal }) => {
          seen = signal;
          return new Promise(() => {});
        },
      },
      request,
      withdrawn.signal,
    );
    await vi.waitFor(() => expect(seen).toBeDefined());
    withdrawn.abort('withdrawn');
    expect(await answer).toEqual({ behavior: 'cancelled' });
    expect(seen?.reason).toBe('withdrawn');
  });
});
