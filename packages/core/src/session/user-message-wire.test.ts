import { describe, expect, it } from 'vitest';
import type { SDKUserMessageInput } from '../types/messages/user-message.js';
import { userMessageWire } from './user-message-wire.js';

describe('userMessageWire', () => {
  it('makes a string a user message of one text block, written byte for byte as the official SDK writes it', () => {
    expect(userMessageWire('hi')).toEqual({
      type: 'user',
      session_id: '',
      message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      parent_tool_use_id: null,
    });
    // The line of the official SDK 0.3.330 for query({ prompt: 'hi' }) (captures/12-startup-warm-query).
    expect(JSON.stringify(userMessageWire('hi'))).toBe(
      '{"type":"user","session_id":"","message":{"role":"user","content":[{"type":"text","text":"hi"}]},"parent_tool_use_id":null}',
    );
  });

  it('sends a message object as is, filling in session_id and parent_tool_use_id only when missing', () => {
    // An unknown field passes through as sent.
    const message = {
      type: 'user',
      message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      extra: 1,
    } as unknown as SDKUserMessageInput;
    expect(userMessageWire(message)).toEqual({ ...message, session_id: '', parent_tool_use_id: null });
    const placed = { ...message, session_id: 's1', parent_tool_use_id: 'toolu_1' };
    expect(userMessageWire(placed)).toEqual(placed);
  });
});

describe('userMessageWire with verbatimPrompts', () => {
  it('adds client_composed: true last, to a string and to a message object', () => {
    const fromString = userMessageWire('hi', true);
    expect(fromString).toEqual({
      type: 'user',
      session_id: '',
      message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      parent_tool_use_id: null,
      client_composed: true,
    });
    expect(Object.keys(fromString).at(-1)).toBe('client_composed');
    const message = { type: 'user', message: { role: 'user', content: 'x' }, parent_tool_use_id: null } as const;
    expect(userMessageWire(message as unknown as SDKUserMessageInput, true)).toMatchObject({ client_composed: true });
  });

  it('leaves it out otherwise', () => {
    expect(userMessageWire('hi')).not.toHaveProperty('client_composed');
  });
});
