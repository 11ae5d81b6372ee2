import { spawn } from 'node:child_process';
import { heapSampler } from './heap-sampler.js';
import { measuredFromMessage, SERVER_NAME, STAND_IN_CLI, TOOL_DESCRIPTION, TOOL_NAME } from './workload.js';

/** What a client run gives back: every message for the user, with the time it arrived. */
export interface ClientRun {
  /** Messages for the user (control messages excluded), the `result` last. */
  messages: number;
  /** `performance.now()` when the first measured `assistant` message arrived (the first, or the first after the warm-up). */
  firstAssistantAt: number;
  /** `performance.now()` when the `result` arrived. */
  resultAt: number;
  /** The `result` message. */
  result: Record<string, unknown>;
}

/** The manifest the floor sends in `initialize`, built by hand (what the SDKs compute from `tool()`). */
const MANIFEST = {
  initializeResult: {
    protocolVersion: '2025-11-25',
    capabilities: { tools: { listChanged: true } },
    serverInfo: { name: SERVER_NAME, version: '1.0.0' },
  },
  toolsListResult: {
    tools: [
      {
        name: TOOL_NAME,
        description: TOOL_DESCRIPTION,
        inputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
          required: ['a', 'b'],
        },
        annotations: { readOnlyHint: true },
      },
    ],
  },
};

/**
 * The floor: the least work any SDK must do. It spawns the stand-in CLI, sends `initialize` (with a
 * hand-built manifest, so no MCP handshake) and the prompt, splits stdout into lines, `JSON.parse`s
 * each, answers `tools/call` requests directly (the `control_response` with its `mcp_response` built
 * by hand) and closes the CLI's input after the `result`. No validation, no MCP library, no queues.
 */
export function runFloor(env: Record<string, string>, withServer: boolean): Promise<ClientRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [STAND_IN_CLI, '--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'],
      { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const send = (message: unknown): void => {
      child.stdin.write(`${JSON.stringify(message)}\n`);
    };
    let messages = 0;
    let firstAssistantAt = 0;
    const measuredFrom = measuredFromMessage(env);
    let assistants = 0;
    let result: Record<string, unknown> | undefined;
    let resultAt = 0;

    const onMessage = (message: Record<string, unknown>): void => {
      if (message.type === 'control_request') {
        const request = message.request as {
          subtype: string;
          message: { id: number; params: { arguments: { a: number; b: number } } };
        };
        if (request.subtype !== 'mcp_message') return;
        const call = request.message;
        send({
          type: 'control_response',
          response: {
            subtype: 'success',
            request_id: message.request_id,
            response: {
              mcp_response: {
                jsonrpc: '2.0',
                id: call.id,
                result: {
                  content: [{ type: 'text', text: String(call.params.arguments.a + call.params.arguments.b) }],
                },
              },
            },
          },
        });
        return;
      }
      if (message.type === 'control_response') return;
      messages++;
      heapSampler.tick();
      if (message.type === 'assistant' && ++assistants === measuredFrom) firstAssistantAt = performance.now();
      if (message.type === 'result') {
        resultAt = performance.now();
        result = message;
        child.stdin.end();
      }
    };

    child.stdout.setEncoding('utf8');
    let rest = '';
    child.stdout.on('data', (chunk: string) => {
      const data = rest + chunk;
      let start = 0;
      let newline = data.indexOf('\n', start);
      while (newline !== -1) {
        if (newline > start) onMessage(JSON.parse(data.slice(start, newline)) as Record<string, unknown>);
        start = newline + 1;
        newline = data.indexOf('\n', start);
      }
      rest = data.slice(start);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (result === undefined) reject(new Error(`the stand-in exited with ${code} before a result`));
      else resolve({ messages, firstAssistantAt, resultAt, result });
    });

    send({
      type: 'control_request',
      request_id: 'req_floor_1',
      request: {
        subtype: 'initialize',
        ...(withServer && { sdkMcpServers: [SERVER_NAME], sdkMcpServerManifests: { [SERVER_NAME]: MANIFEST } }),
        systemPrompt: [''],
      },
    });
    send({
      type: 'user',
      session_id: '',
      message: { role: 'user', content: [{ type: 'text', text: 'go' }] },
      parent_tool_use_id: null,
    });
  });
}
