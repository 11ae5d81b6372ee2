import { describe, expect, it, vi } from 'vitest';
import { InitializeExchange } from './initialize-exchange.js';

function started(gatesInput: boolean, initialize = Promise.resolve({ commands: [] })) {
  return {
    payload: { hooks: { PreToolUse: [] }, sdkMcpServers: ['old'], sdkMcpServerManifests: { old: {} } },
    initialize: initialize as never,
    gatesInput,
  };
}

describe('InitializeExchange', () => {
  it('is empty before start', () => {
    const exchange = new InitializeExchange();
    expect(exchange.answer).toBeUndefined();
    expect(exchange.inputGate).toBeUndefined();
  });

  it('keeps the first answer, and gates input on it only when external servers went in initialize', () => {
    const gated = new InitializeExchange();
    const open = new InitializeExchange();
    const first = started(true);
    gated.sent(first, () => {});
    open.sent(started(false), () => {});
    expect(gated.answer).toBe(first.initialize);
    expect(gated.inputGate).toBe(first.initialize);
    expect(open.inputGate).toBeUndefined();
  });

  it('hands a failed answer to fail', async () => {
    const error = new Error('no answer');
    const fail = vi.fn();
    new InitializeExchange().sent(started(false, Promise.reject(error)), fail);
    await vi.waitFor(() => expect(fail).toHaveBeenCalledWith(error));
  });

  it('sends the start payload again with the current server names and no manifests', async () => {
    const exchange = new InitializeExchange();
    exchange.sent(started(false), () => {});
    const protocol = { request: vi.fn(async () => ({ commands: [] })) };
    await exchange.again(protocol, ['now'], 50);
    expect(protocol.request).toHaveBeenLastCalledWith(
      'initialize',
      { hooks: { PreToolUse: [] }, sdkMcpServers: ['now'] },
      { timeoutMs: 50 },
    );
    await exchange.again(protocol, [], 50);
    expect(protocol.request).toHaveBeenLastCalledWith('initialize', { hooks: { PreToolUse: [] } }, { timeoutMs: 50 });
  });
});
