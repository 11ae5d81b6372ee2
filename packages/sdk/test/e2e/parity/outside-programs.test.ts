/**
 * Parity with the official SDK on the real CLI for what open-source programs built on the official
 * SDK do and hexagent once broke on (`packages/drop-in/OUTSIDE-PROGRAMS.md`).
 */
import type { McpServerStatus, SDKMessage } from '@hexagent/sdk';
import { text } from '@hexagent/testing';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeScenarios, startScenario } from './parity-kit.js';
import { SDKS } from './sdks.js';

afterEach(disposeScenarios);

describe.each(SDKS)('programs built on the official SDK, on $name', (sdk) => {
  // An editor's ACP adapter starts an MCP server that registers its tools only when the editor
  // offers files or a terminal; without, the server has no tools/list handler at all.
  it('an in-process MCP server with no tools/list handler: connected with no tools, the query runs', async () => {
    const scenario = await startScenario([{ content: [text('hello')] }]);
    const empty = new Server({ name: 'acp', version: '1.0.0' }, { capabilities: { tools: {} } });
    const run = sdk.query({
      prompt: 'hi',
      options: scenario.options({ mcpServers: { acp: { type: 'sdk', name: 'acp', instance: empty as never } } }),
    });
    const messages: SDKMessage[] = [];
    let status: McpServerStatus[] | undefined;
    for await (const message of run) {
      messages.push(message);
      if (message.type === 'system' && message.subtype === 'init') status = await run.mcpServerStatus();
    }
    const init = messages.find((message) => message.type === 'system' && message.subtype === 'init');
    expect(init).toMatchObject({ mcp_servers: [{ name: 'acp', status: 'connected' }] });
    expect(status?.map((server) => [server.name, server.status, server.tools?.length ?? 0])).toEqual([
      ['acp', 'connected', 0],
    ]);
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'hello' });
  });
});
