/**
 * The in-process servers the port tests share: the calculator of captures 01 and 02 (with zod
 * shapes or JSON Schema), and ports of `createSdkMcpServer` configs closed after each test.
 */
import { afterEach } from 'vitest';
import { z } from 'zod';
import { createInProcessMcpServer } from '../src/create-in-process-mcp-server.js';
import { createSdkMcpServer, type SdkMcpServerConfig } from '../src/create-sdk-mcp-server.js';
import type { InProcessMcpServerPort } from '../src/in-process-mcp-server-port.js';
import type { SdkMcpToolDefinition } from '../src/sdk-mcp-tool-definition.js';
import { tool } from '../src/tool.js';

/** The calculator of captures 01 and 02, with zod shapes. */
export function zodCalc(handlers: { add?: () => void } = {}): SdkMcpServerConfig {
  return createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
        handlers.add?.();
        return { content: [{ type: 'text', text: String(a + b) }] };
      }),
      tool('boom', 'Always fails', { x: z.number() }, async () => {
        throw new Error('kaboom');
      }),
    ],
  });
}

/** The same calculator with JSON Schema input schemas. */
export function jsonCalc(handlers: { add?: () => void } = {}): SdkMcpServerConfig {
  return createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      tool(
        'add',
        'Add two numbers',
        { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
        async (args) => {
          handlers.add?.();
          return { content: [{ type: 'text', text: String(Number(args['a']) + Number(args['b'])) }] };
        },
      ),
      tool(
        'boom',
        'Always fails',
        { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
        async () => {
          throw new Error('kaboom');
        },
      ),
    ],
  });
}

/** Makes ports for a test file and closes them after each test (call it at the top of the file). */
export function portsClosedAfterEach(): {
  /** The port of `config`, as the session gets it. */
  portFor(config: SdkMcpServerConfig): InProcessMcpServerPort;
  /** The port of a server named `calc` with these tools. */
  serverWith(...tools: SdkMcpToolDefinition[]): InProcessMcpServerPort;
  /** The port of `config.instance` under `name`, whatever the instance is. */
  portOf(name: string, instance: unknown): InProcessMcpServerPort;
} {
  const ports: InProcessMcpServerPort[] = [];
  afterEach(async () => {
    await Promise.all(ports.splice(0).map((port) => port.close()));
  });
  const portOf = (name: string, instance: unknown): InProcessMcpServerPort => {
    const port = createInProcessMcpServer(name, { type: 'sdk', name, instance }) as InProcessMcpServerPort;
    ports.push(port);
    return port;
  };
  const portFor = (config: SdkMcpServerConfig): InProcessMcpServerPort => portOf(config.name, config.instance);
  return {
    portFor,
    serverWith: (...tools) => portFor(createSdkMcpServer({ name: 'calc', tools })),
    portOf,
  };
}
