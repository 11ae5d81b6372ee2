import { describe, expect, it } from 'vitest';
import { checkClientFrame } from './check-client-frame.js';

const frame = (message: unknown) => Buffer.from(JSON.stringify(message));
const initialize = (request: Record<string, unknown>) => ({
  type: 'control_request',
  request_id: 'r1',
  request: { subtype: 'initialize', ...request },
});
const STDIO = { command: 'sh', args: ['-c', 'id'] };

describe('checkClientFrame', () => {
  it('passes every frame with policy all, and a frame that cannot be a control request without parsing it', () => {
    expect(checkClientFrame(frame(initialize({ mcpServers: { x: STDIO } })), 'all')).toBeUndefined();
    expect(checkClientFrame(Buffer.from('{"type":"user", not even json'), 'none')).toBeUndefined();
  });

  it('answers a control request configuring a server the policy refuses with an error control_response', () => {
    const refused = checkClientFrame(frame(initialize({ mcpServers: { fs: STDIO } })), 'in-process');
    expect(JSON.parse(refused?.answer ?? '{}')).toEqual({
      type: 'control_response',
      response: {
        subtype: 'error',
        request_id: 'r1',
        error: `MCP server "fs" (stdio) is not allowed by this relay (allowClientMcpServers: 'in-process')`,
      },
    });
    expect(
      checkClientFrame(frame(initialize({ mcpServers: { calc: { type: 'sdk', name: 'calc' } } })), 'in-process'),
    ).toBeUndefined();
    expect(
      checkClientFrame(frame(initialize({ mcpServers: { calc: { type: 'sdk', name: 'calc' } } })), 'none'),
    ).toBeDefined();
    const setServers = {
      type: 'control_request',
      request_id: 'r2',
      request: { subtype: 'mcp_set_servers', servers: { w: { type: 'http', url: 'http://x' } } },
    };
    expect(checkClientFrame(frame(setServers), 'in-process')).toBeDefined();
    const agents = initialize({
      agents: { a: { description: 'd', prompt: 'p', mcpServers: ['calc', { git: STDIO }] } },
    });
    expect(checkClientFrame(frame(agents), 'in-process')).toBeDefined();
  });

  it('reads the frame as the CLI does: JSON escapes decoded, each line on its own', () => {
    const escaped = JSON.stringify(initialize({ mcpServers: { fs: STDIO } }))
      .replace('"control_request"', '"control_\\u0072equest"')
      .replace('"initialize"', '"\\u0069nitialize"');
    expect(checkClientFrame(Buffer.from(escaped), 'in-process')).toBeDefined();
    const smuggled = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } })}\n${JSON.stringify(initialize({ mcpServers: { fs: STDIO } }))}`;
    expect(checkClientFrame(Buffer.from(smuggled), 'in-process')).toBeDefined();
  });
});
