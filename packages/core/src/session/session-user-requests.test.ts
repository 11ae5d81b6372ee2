/**
 * The CLI's requests for the user (`elicitation`, `request_user_dialog`), a request kind nobody
 * serves, and the messages the CLI writes for the SDK itself, through a Session on the in-memory
 * fake transport (the handlers have unit tests of their own in `handlers/`).
 */
import { describe, expect, it, vi } from 'vitest';
import { flush } from '../../test/helpers/fakes.js';
import { sessionHarness } from '../../test/helpers/session-harness.js';
import type { OnElicitation, OnUserDialog } from '../types/elicitation.js';
import type { SDKMessage } from '../types/messages/sdk-message.js';

const { runningSession } = sessionHarness();

const elicitation = {
  subtype: 'elicitation',
  mcp_server_name: 'ext',
  message: 'What is your name?',
  mode: 'form',
  requested_schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  property_order: ['name'],
};

const dialog = { subtype: 'request_user_dialog', dialog_kind: 'refusal_fallback_prompt', payload: { a: 1 } };

describe('Session elicitation', () => {
  it('answers with what onElicitation returns, as is', async () => {
    const onElicitation = vi.fn<OnElicitation>(async () => ({ action: 'accept', content: { name: 'Alice' } }));
    const { transport } = await runningSession({ onElicitation });
    expect(await transport.ask('cli_1', elicitation)).toEqual({
      subtype: 'success',
      request_id: 'cli_1',
      response: { action: 'accept', content: { name: 'Alice' } },
    });
    expect(onElicitation.mock.calls[0]?.[0]).toEqual({
      serverName: 'ext',
      message: 'What is your name?',
      mode: 'form',
      requestedSchema: elicitation.requested_schema,
    });
    expect(onElicitation.mock.calls[0]?.[1].requestId).toBe('cli_1');
  });

  it('declines without onElicitation', async () => {
    const { transport } = await runningSession();
    expect(await transport.ask('cli_1', elicitation)).toEqual({
      subtype: 'success',
      request_id: 'cli_1',
      response: { action: 'decline' },
    });
  });

  it('writes nothing when onElicitation returns null', async () => {
    const { transport, session } = await runningSession({ onElicitation: async () => null });
    transport.emit({ type: 'control_request', request_id: 'cli_1', request: elicitation });
    await flush();
    expect(transport.controlResponses()).toEqual([]);
    expect(session.isClosed).toBe(false);
  });

  it('a control_cancel_request aborts the callback’s signal and declines', async () => {
    let signal: AbortSignal | undefined;
    const { transport } = await runningSession({
      onElicitation: (_request, options) => {
        signal = options.signal;
        return new Promise(() => {});
      },
    });
    transport.emit({ type: 'control_request', request_id: 'cli_1', request: elicitation });
    await flush();
    expect(signal?.aborted).toBe(false);
    transport.emit({ type: 'control_cancel_request', request_id: 'cli_1' });
    expect(await transport.waitForAnswer('cli_1')).toEqual({
      subtype: 'success',
      request_id: 'cli_1',
      response: { action: 'decline' },
    });
    expect(signal?.aborted).toBe(true);
  });
});

describe('Session request_user_dialog', () => {
  it('answers with what onUserDialog returns, as is', async () => {
    const onUserDialog = vi.fn<OnUserDialog>(async () => ({ behavior: 'completed', result: { retry: true } }));
    const { transport } = await runningSession({ onUserDialog });
    expect(await transport.ask('cli_1', { ...dialog, tool_use_id: 'toolu_1' })).toEqual({
      subtype: 'success',
      request_id: 'cli_1',
      response: { behavior: 'completed', result: { retry: true } },
    });
    expect(onUserDialog.mock.calls[0]?.[0]).toEqual({
      dialogKind: 'refusal_fallback_prompt',
      payload: { a: 1 },
      toolUseID: 'toolu_1',
    });
  });

  it('writes nothing without onUserDialog, or when it returns null', async () => {
    for (const options of [{}, { onUserDialog: async () => null }]) {
      const { transport, session } = await runningSession(options);
      transport.emit({ type: 'control_request', request_id: 'cli_1', request: dialog });
      await flush();
      expect(transport.controlResponses()).toEqual([]);
      expect(session.isClosed).toBe(false);
    }
  });

  it('a control_cancel_request aborts the callback’s signal', async () => {
    let signal: AbortSignal | undefined;
    const { transport } = await runningSession({
      onUserDialog: (_request, options) => {
        signal = options.signal;
        return new Promise(() => {});
      },
    });
    transport.emit({ type: 'control_request', request_id: 'cli_1', request: dialog });
    await flush();
    transport.emit({ type: 'control_cancel_request', request_id: 'cli_1' });
    await flush();
    expect(signal?.aborted).toBe(true);
  });
});

describe('Session and requests nobody serves', () => {
  it('answers any other subtype with the official unsupported_request error, and goes on', async () => {
    const { transport, session } = await runningSession();
    expect(await transport.ask('cli_1', { subtype: 'oauth_token_refresh' })).toEqual({
      subtype: 'error',
      request_id: 'cli_1',
      error: 'Unsupported control request subtype: oauth_token_refresh',
      error_code: 'unsupported_request',
    });
    expect(session.isClosed).toBe(false);
  });
});

describe('Session and the messages the CLI writes for the SDK itself', () => {
  it('yields neither keep_alive, transcript_mirror nor a host-only session_state_changed; other types pass untouched', async () => {
    const { transport, session } = await runningSession();
    const userState = { type: 'system', subtype: 'session_state_changed', state: 'idle', session_id: 's' };
    const unknown = { type: 'brand_new_type', payload: { x: [1] } };
    transport.emit({ type: 'keep_alive' });
    transport.emit({ type: 'transcript_mirror', filePath: '/t.jsonl', entries: [] });
    transport.emit({ type: 'system', subtype: 'session_state_changed', state: 'running', sdk_host_only: true });
    transport.emit(userState);
    transport.emit(unknown);
    transport.endOutput();
    const seen: SDKMessage[] = [];
    for await (const message of session.messages()) seen.push(message);
    expect(seen).toEqual([userState, unknown]);
  });
});
