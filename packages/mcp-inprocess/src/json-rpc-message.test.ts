import { JsonRpcErrorCode } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { isJsonRpcId, parseJsonRpcMessage, requestIdOf } from './json-rpc-message.js';

function errorOf(value: unknown): { id: unknown; code: number; message: string } {
  const parsed = parseJsonRpcMessage(value);
  if (parsed.kind !== 'invalid') throw new Error(`expected an invalid message, got ${parsed.kind}`);
  return { id: parsed.response.id, ...parsed.response.error };
}

describe('parseJsonRpcMessage', () => {
  it('reads a request, keeping the message as received', () => {
    const message = { jsonrpc: '2.0', id: 7, method: 'tools/list', params: { cursor: 'c' }, extra: true };
    expect(parseJsonRpcMessage(message)).toEqual({
      kind: 'request',
      id: 7,
      method: 'tools/list',
      params: { cursor: 'c' },
      message,
    });
    const parsed = parseJsonRpcMessage(message);
    expect(parsed.kind === 'request' && parsed.message).toBe(message);
  });

  it('reads a tools/call with a string id and no params object for other methods', () => {
    expect(
      parseJsonRpcMessage({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'add' } }),
    ).toMatchObject({ kind: 'request', id: 'a', method: 'tools/call', params: { name: 'add' } });
    expect(parseJsonRpcMessage({ jsonrpc: '2.0', id: 0, method: 'ping' })).toMatchObject({
      kind: 'request',
      id: 0,
      params: undefined,
    });
  });

  it('reads a notification', () => {
    const cancelled = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } };
    expect(parseJsonRpcMessage(cancelled)).toEqual({
      kind: 'notification',
      method: 'notifications/cancelled',
      params: { requestId: 3 },
      message: cancelled,
    });
  });

  it('ignores responses from the CLI and notifications with params that are not an object', () => {
    expect(parseJsonRpcMessage({ jsonrpc: '2.0', id: 1, result: {} })).toEqual({ kind: 'ignored' });
    expect(parseJsonRpcMessage({ jsonrpc: '2.0', id: 'x', error: { code: -1, message: 'no' } })).toEqual({
      kind: 'ignored',
    });
    expect(parseJsonRpcMessage({ jsonrpc: '2.0', method: 'notifications/x', params: [1] })).toEqual({
      kind: 'ignored',
    });
  });

  it.each([
    ['a string', 'tools/list'],
    ['null', null],
    ['a number', 42],
    ['undefined', undefined],
  ])('answers -32700 with id null for a message that is %s', (_, message) => {
    expect(errorOf(message)).toMatchObject({ id: null, code: JsonRpcErrorCode.ParseError });
  });

  it.each([
    ['a batch', [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], null, /batches/],
    ['no jsonrpc', { id: 1, method: 'tools/list' }, 1, /"jsonrpc" must be "2.0"/],
    ['jsonrpc 1.0 and a bad id', { jsonrpc: '1.0', id: {}, method: 'x' }, null, /"jsonrpc"/],
    ['a method that is not a string', { jsonrpc: '2.0', id: 3, method: 42 }, 3, /"method" must be a string/],
    ['no method', { jsonrpc: '2.0', id: 4 }, 4, /"method"/],
    ['a result without a usable id', { jsonrpc: '2.0', id: null, result: {} }, null, /"method"/],
    ['an object id', { jsonrpc: '2.0', id: { n: 1 }, method: 'x' }, null, /"id" must be a string or a number/],
    ['an id of null', { jsonrpc: '2.0', id: null, method: 'x' }, null, /"id"/],
    ['an infinite id', { jsonrpc: '2.0', id: Number.POSITIVE_INFINITY, method: 'x' }, null, /"id"/],
  ])('answers -32600 for %s', (_, message, id, text) => {
    const error = errorOf(message);
    expect(error).toMatchObject({ id, code: JsonRpcErrorCode.InvalidRequest });
    expect(error.message).toMatch(text);
  });

  it.each([
    ['params that are an array', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: [1] }, /"params"/],
    ['a tools/call without params', { jsonrpc: '2.0', id: 1, method: 'tools/call' }, /needs params/],
    ['a tools/call without a name', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }, /params.name/],
    ['a tools/call with an empty name', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: '' } }, /name/],
    [
      'a tools/call with array arguments',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a', arguments: [] } },
      /arguments must be an object/,
    ],
    [
      'a tools/call with null arguments',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a', arguments: null } },
      /arguments/,
    ],
  ])('answers -32602 for %s', (_, message, text) => {
    const error = errorOf(message);
    expect(error).toMatchObject({ id: 1, code: JsonRpcErrorCode.InvalidParams });
    expect(error.message).toMatch(/^Invalid params: /);
    expect(error.message).toMatch(text);
  });

  it('leaves the params of a tools/call notification unchecked (nothing is answered)', () => {
    expect(parseJsonRpcMessage({ jsonrpc: '2.0', method: 'tools/call' })).toMatchObject({ kind: 'notification' });
  });
});

describe('isJsonRpcId and requestIdOf', () => {
  it('accept strings and finite numbers only', () => {
    for (const id of ['a', '', 0, -1, 1.5]) expect(isJsonRpcId(id)).toBe(true);
    for (const id of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}, [], true]) {
      expect(isJsonRpcId(id)).toBe(false);
    }
  });

  it('read the id of any message that has a usable one', () => {
    expect(requestIdOf({ id: 3 })).toBe(3);
    expect(requestIdOf({ id: 'x', jsonrpc: '1.0' })).toBe('x');
    expect(requestIdOf({ id: null })).toBeNull();
    expect(requestIdOf([{ id: 1 }])).toBeNull();
    expect(requestIdOf('x')).toBeNull();
  });
});
