import { JsonRpcErrorCode } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { jsonRpcError, McpInProcessErrorCode } from './json-rpc-error.js';

describe('jsonRpcError()', () => {
  it('builds the response the session sends for an unknown server', () => {
    expect(jsonRpcError(3, JsonRpcErrorCode.MethodNotFound, 'Unknown MCP server "calc"')).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32601, message: 'Unknown MCP server "calc"' },
    });
  });

  it('carries data only when given, and a null id for unreadable requests', () => {
    expect(jsonRpcError(null, JsonRpcErrorCode.ParseError, 'bad', { line: 1 })).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'bad', data: { line: 1 } },
    });
    expect(jsonRpcError('a', -1, 'x').error).not.toHaveProperty('data');
  });

  it('keeps its extra codes apart from the standard ones', () => {
    const standard = new Set<number>(Object.values(JsonRpcErrorCode));
    for (const code of Object.values(McpInProcessErrorCode)) expect(standard.has(code)).toBe(false);
  });
});
