import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it, vi } from 'vitest';
import { zodCalc } from '../test/calc-servers.js';
import { createInProcessMcpServer } from './create-in-process-mcp-server.js';
import { InProcessMcpServerPort } from './in-process-mcp-server-port.js';
import { McpSdkServerPort } from './mcp-sdk-server-port.js';
import { SdkMcpServerDefinitionPort } from './sdk-mcp-server-definition-port.js';

describe('the port object', () => {
  it('has the name it was created with and rejects instances it cannot serve', () => {
    const port = createInProcessMcpServer('calc', zodCalc());
    expect(port.name).toBe('calc');
    expect(() => createInProcessMcpServer('calc', { type: 'sdk', name: 'calc', instance: { tools: [] } })).toThrow(
      /mcpServers\.calc\.instance/,
    );
    expect(() => createInProcessMcpServer('calc', { type: 'sdk', name: 'calc', instance: undefined })).toThrow(
      /createSdkMcpServer/,
    );
  });
});

describe('createInProcessMcpServer', () => {
  const config = (instance: unknown) => ({ type: 'sdk' as const, name: 'calc', instance });
  const userServer = (): McpServer => {
    const server = new McpServer({ name: 'calc', version: '1.0.0' });
    server.registerTool('ping', { description: 'Ping' }, async () => ({ content: [] }));
    return server;
  };

  it('picks the port of the instance kind, every one an InProcessMcpServerPort', async () => {
    const definition = createInProcessMcpServer('calc', zodCalc());
    const server = createInProcessMcpServer('calc', config(userServer()));
    const factory = createInProcessMcpServer('calc', config(userServer));
    expect(definition).toBeInstanceOf(SdkMcpServerDefinitionPort);
    expect(server).toBeInstanceOf(McpSdkServerPort);
    expect(factory).toBeInstanceOf(McpSdkServerPort);
    for (const port of [definition, server, factory]) {
      expect(port).toBeInstanceOf(InProcessMcpServerPort);
      await port.close();
    }
  });

  it('calls a factory only when the port first connects, and once', async () => {
    const factory = vi.fn(userServer);
    const port = createInProcessMcpServer('calc', config(factory));
    expect(factory).not.toHaveBeenCalled();
    await port.manifest();
    await port.handle({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { signal: new AbortController().signal });
    expect(factory).toHaveBeenCalledTimes(1);
    await port.close();
  });
});
