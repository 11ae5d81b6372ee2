import { describe, expect, it, vi } from 'vitest';
import { flush } from '../../../test/helpers/fakes.js';
import { NO_CONTROL_RESPONSE } from '../../ports/control-protocol.js';
import type { ElicitationRequest, OnElicitation } from '../../types/elicitation.js';
import type { Options } from '../../types/options.js';
import { ManualClock } from '../../util/manual-clock.js';
import { createElicitationHandler, DEFAULT_ELICITATION_TIMEOUT_MS } from './elicitation-handler.js';

// As the CLI sent it (OTHER.md, elicit-accept).
const formRequest = {
  subtype: 'elicitation',
  mcp_server_name: 'ext',
  message: 'What is your name?',
  mode: 'form',
  requested_schema: {
    type: 'object',
    properties: { name: { type: 'string', title: 'Name' }, age: { type: 'number' } },
    required: ['name'],
  },
  property_order: ['name', 'age'],
};

function ask(options: Options, body: Record<string, unknown> = formRequest, signal = new AbortController().signal) {
  return createElicitationHandler(options)({ subtype: 'elicitation', ...body }, { signal, requestId: 'req_7' });
}

/** Moves `clock` on by `ms`, then lets the callbacks it settled run. */
async function advance(clock: ManualClock, ms: number): Promise<void> {
  clock.advance(ms);
  await flush();
}

describe('createElicitationHandler', () => {
  it('calls onElicitation with the official request shape and { signal, requestId }, answering its return as is', async () => {
    const answer = { action: 'accept' as const, content: { name: 'Alice', age: 30 } };
    const onElicitation = vi.fn<OnElicitation>(async () => answer);
    expect(await ask({ onElicitation })).toBe(answer);
    const [request, context] = onElicitation.mock.calls[0] ?? [];
    expect(request).toEqual({
      serverName: 'ext',
      message: 'What is your name?',
      mode: 'form',
      requestedSchema: formRequest.requested_schema,
    });
    expect(context).toEqual({ signal: expect.any(AbortSignal), requestId: 'req_7' });
  });

  it('maps every field of a URL elicitation with a permission display', async () => {
    const onElicitation = vi.fn<OnElicitation>(async () => ({ action: 'accept' }));
    const answer = await ask(
      { onElicitation },
      {
        mcp_server_name: 'ext',
        message: 'Please authorize',
        mode: 'url',
        url: 'https://example.invalid/auth',
        elicitation_id: 'elic-1',
        title: 'Authorize ext',
        display_name: 'ext',
        description: 'Sign in to continue',
      },
    );
    expect(answer).toEqual({ action: 'accept' });
    expect(onElicitation.mock.calls[0]?.[0]).toEqual<ElicitationRequest>({
      serverName: 'ext',
      message: 'Please authorize',
      mode: 'url',
      url: 'https://example.invalid/auth',
      elicitationId: 'elic-1',
      title: 'Authorize ext',
      displayName: 'ext',
      description: 'Sign in to continue',
    });
  });

  it('declines without a callback, as the official SDK does, and reads the options when the request comes', async () => {
    const options: Options = {};
    const handle = createElicitationHandler(options);
    const context = { signal: new AbortController().signal, requestId: 'req_1' };
    expect(await handle(formRequest, context)).toEqual({ action: 'decline' });
    options.onElicitation = async () => ({ action: 'cancel' });
    expect(await handle(formRequest, context)).toEqual({ action: 'cancel' });
  });

  it('writes no answer when the callback returns null (answered out of band)', async () => {
    expect(await ask({ onElicitation: async () => null })).toBe(NO_CONTROL_RESPONSE);
  });

  it('declines when the callback throws, synchronously or not', async () => {
    const failing: OnElicitation[] = [
      () => {
        throw new Error('form broke');
      },
      async () => {
        throw new Error('form broke');
      },
    ];
    for (const onElicitation of failing) expect(await ask({ onElicitation })).toEqual({ action: 'decline' });
  });

  it('declines a callback that outlives its deadline (default 10 min) and aborts its signal', async () => {
    expect(DEFAULT_ELICITATION_TIMEOUT_MS).toBe(600_000);
    const clock = new ManualClock();
    let seen: AbortSignal | undefined;
    const handle = createElicitationHandler(
      {
        onElicitation: (_request, { signal }) => {
          seen = signal;
          return new Promise(() => {});
        },
      },
      DEFAULT_ELICITATION_TIMEOUT_MS,
      clock,
    );
    const answer = handle(formRequest, { signal: new AbortController().signal, requestId: 'req_1' });
    await advance(clock, DEFAULT_ELICITATION_TIMEOUT_MS - 1);
    expect(seen?.aborted).toBe(false);
    await advance(clock, 1);
    expect(await answer).toEqual({ action: 'decline' });
    expect(seen?.aborted).toBe(true);
    expect(clock.pendingTimers).toBe(0);
  });

  it('declines, and aborts the callback’s signal, when the CLI withdraws the request', async () => {
    const withdrawn = new AbortController();
    let seen: AbortSignal | undefined;
    const answer = ask(
      {
        onElicitation: (_request, { signal }) => {
          seen = signal;
          return new Promise(() => {});
        },
      },
      formRequest,
      withdrawn.signal,
    );
    await vi.waitFor(() => expect(seen).toBeDefined());
    withdrawn.abort(new Error('cancelled by the CLI'));
    expect(await answer).toEqual({ action: 'decline' });
    expect(seen?.reason).toEqual(new Error('cancelled by the CLI'));
  });
});
