/**
 * Attack: starting a command on the relay's host through an MCP server the client configures (a
 * stdio server's `command`), in the `initialize` request, in `mcp_set_servers`, or in an agent's
 * inline servers. The relay bin runs the stand-in, whose notes list every message it received.
 * That the real CLI would start such a command is shown in `test/e2e/attacks-real-cli.test.ts`.
 */
import { existsSync } from 'node:fs';
import { query } from '@hexagent/sdk';
import { TestScope } from '@hexagent/testing';
import { type InstalledStandInCli, installStandInCli } from '@hexagent/testing/stand-in-cli';
import { RelayRefusedError, webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rawRelayClient } from '../helpers/raw-relay-client.js';
import { makeTempDir, removeTempDirs, TOKEN } from '../helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from '../helpers/relay-process.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());
afterAll(removeTempDirs);

const BASE = ['--output-format=stream-json', '--verbose', '--input-format=stream-json'];
const STDIO = { type: 'stdio', command: 'sh', args: ['-c', 'touch /tmp/pwned'] };

async function relayWith(config: Record<string, unknown> = {}): Promise<{ url: string; cli: InstalledStandInCli }> {
  const cli = installStandInCli({}, { dir: makeTempDir() });
  const { relay, url } = await startRelayProcess({ cliPath: cli.path, ...config });
  scope.defer(() => stopRelayProcess(relay));
  return { url, cli };
}

/** Sends `line` (raw text) after an innocent hello; resolves with the relay's answer to it and what the CLI received. */
async function sendControl(url: string, cli: InstalledStandInCli, line: string) {
  const client = rawRelayClient(url, { type: 'relay_hello', argv: BASE, env: {} });
  try {
    expect((await client.answer).ready).toBeDefined();
    client.socket.send(line);
    const answer = await client.waitForLine((message) => message.type === 'control_response');
    return { answer: answer.response as Record<string, unknown>, received: cli.notes() };
  } finally {
    client.close();
  }
}

const initialize = (request: Record<string, unknown>) =>
  JSON.stringify({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize', ...request } });

describe('attack: a client-configured MCP server runs a command on the relay host', () => {
  it('query() with a stdio server: refused with a typed error before the CLI starts', async () => {
    const { url, cli } = await relayWith();
    const error = await (async () => {
      for await (const _ of query({
        prompt: 'hi',
        options: { transport: webSocketTransport({ url, token: TOKEN }), mcpServers: { evil: STDIO as never } },
      })) {
        // Nothing should come.
      }
    })().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(RelayRefusedError.isInstance(error), String(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'mcp_server_not_allowed' });
    expect((error as Error).message).toContain('evil');
    expect(cli.pid(), 'the CLI never started').toBeUndefined();
  });

  it.each([
    ['initialize with a stdio server', initialize({ mcpServers: { evil: STDIO } })],
    [
      'initialize with an http server',
      initialize({ mcpServers: { evil: { type: 'http', url: 'http://127.0.0.1:9' } } }),
    ],
    [
      'initialize, the subtype escaped',
      initialize({ mcpServers: { evil: STDIO } }).replace('"initialize"', '"\\u0069nitialize"'),
    ],
    [
      'initialize, the type escaped',
      initialize({ mcpServers: { evil: STDIO } }).replace('"control_request"', '"control_\\u0072equest"'),
    ],
    [
      "an agent's inline server",
      initialize({ agents: { a: { description: 'd', prompt: 'p', mcpServers: [{ evil: STDIO }] } } }),
    ],
    [
      'mcp_set_servers, the server named __proto__ (an object key that is no entry)',
      '{"type":"control_request","request_id":"req_1","request":{"subtype":"mcp_set_servers","servers":{"__proto__":{"type":"stdio","command":"sh","args":["-c","touch /tmp/pwned"]}}}}',
    ],
    [
      'mcp_set_servers',
      JSON.stringify({
        type: 'control_request',
        request_id: 'req_1',
        request: { subtype: 'mcp_set_servers', servers: { evil: STDIO } },
      }),
    ],
  ])('%s, sent by a client that lied in its hello: answered with an error, never reaches the CLI', async (_, line) => {
    const { url, cli } = await relayWith();
    const { answer, received } = await sendControl(url, cli, line);
    expect(answer).toMatchObject({ subtype: 'error', request_id: 'req_1' });
    expect(String(answer.error)).toMatch(/not allowed|reserved/);
    expect(received.some((note) => note.includes('control_request'))).toBe(false);
  });

  it('in-process servers pass by default; none at all with allowClientMcpServers: "none"', async () => {
    const sdk = initialize({ sdkMcpServers: ['calc'], mcpServers: { calc: { type: 'sdk', name: 'calc' } } });
    const open = await relayWith();
    expect((await sendControl(open.url, open.cli, sdk)).answer).toMatchObject({ subtype: 'success' });
    const closed = await relayWith({ allowClientMcpServers: 'none' });
    expect((await sendControl(closed.url, closed.cli, sdk)).answer).toMatchObject({ subtype: 'error' });
  });

  it('allowClientMcpServers: "all" lets a stdio server through', async () => {
    const { url, cli } = await relayWith({ allowClientMcpServers: 'all' });
    const { answer, received } = await sendControl(url, cli, initialize({ mcpServers: { tool: STDIO } }));
    expect(answer).toMatchObject({ subtype: 'success' });
    expect(received).toContain('received "control_request:initialize"');
    expect(existsSync('/tmp/pwned')).toBe(false); // the stand-in starts no server
  });
});
