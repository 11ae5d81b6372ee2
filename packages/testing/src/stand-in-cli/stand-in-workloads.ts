/**
 * The benchmark workloads of the stand-in CLI and the MCP handshake. Written so that the stand-in
 * never sets the pace: lines are spliced from templates, round trips are timed from the write to
 * the read of the answer's line.
 */
import { randomUUID } from 'node:crypto';
import { latencyStats } from './latency-stats.js';
import { apiId, assistantMessage } from './stand-in-messages.js';
import type { StandInReport } from './stand-in-scenario.js';
import { fatal, type StandInSession } from './stand-in-session.js';

type Json = Record<string, unknown>;

/** Streamed messages are written in chunks of about this many characters. */
const STREAM_CHUNK = 64 * 1024;

/**
 * `warmup` + `count` assistant messages as fast as the client takes them. Each line is spliced from
 * a template (its own message id, uuid and text), so that writing costs far less than any client's
 * reading.
 */
export async function stream(
  session: StandInSession,
  { count: measured, warmup = 0 }: { count: number; warmup?: number },
): Promise<StandInReport> {
  const count = warmup + measured;
  const text =
    'Part @I@ of a streamed answer: the quick brown fox jumps over the lazy dog, and the model keeps talking so that each message is about the size of a real one.';
  const sample = { ...assistantMessage(session, '@M@', text, '@T@'), uuid: '@U@' };
  const [head, afterId, afterText, afterUuid, tail] = JSON.stringify(sample).split(/@M@|@I@|@U@|@T@/) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const uuidPrefix = randomUUID().slice(0, 24);
  const firstId = session.nextMessage;
  session.nextMessage += count + 1;
  const start = process.hrtime.bigint();
  let chunk = '';
  let timestamp = new Date().toISOString();
  for (let index = 1; index <= count; index++) {
    chunk += `${head}${apiId('msg', firstId + index)}${afterId}${index}${afterText}${uuidPrefix}${(index + 0x100000000000).toString(16)}${afterUuid}${timestamp}${tail}\n`;
    if (chunk.length >= STREAM_CHUNK) {
      await session.write(chunk);
      chunk = '';
      timestamp = new Date().toISOString();
    }
  }
  if (chunk !== '') await session.write(chunk);
  return {
    mode: 'stream',
    count: measured,
    concurrency: 1,
    warmup,
    wallMs: Number(process.hrtime.bigint() - start) / 1e6,
    errors: 0,
    manifests: session.manifestsSent,
  };
}

/** Settings of a `toolCalls` step. */
export interface ToolCallsSettings {
  count: number;
  concurrency?: number;
  warmup?: number;
  server?: string;
  tool?: string;
}

/** `warmup` + `count` `tools/call` round trips, `concurrency` in flight, each measured from write to answer. */
export function toolCalls(session: StandInSession, settings: ToolCallsSettings): Promise<StandInReport> {
  const { count, concurrency = 1, warmup = 0, tool = 'add' } = settings;
  const server = settings.server ?? session.sdkServers[0];
  if (server === undefined) fatal('toolCalls needs an in-process server: none was named in initialize');
  const serverJson = JSON.stringify(server);
  const toolJson = JSON.stringify(tool);
  const total = warmup + count;
  const roundTrips = new Float64Array(count);
  let issued = 0;
  let answered = 0;
  let errors = 0;
  let measuredFrom = 0n;
  return new Promise((resolve) => {
    const issue = (): void => {
      const index = issued++;
      const id = index + 2; // ids 0 and 1 are the handshake's, as in the captures
      const requestId = randomUUID();
      const line = `{"type":"control_request","request_id":"${requestId}","request":{"subtype":"mcp_message","server_name":${serverJson},"message":{"method":"tools/call","params":{"name":${toolJson},"arguments":{"a":${index},"b":27},"_meta":{"claudecode/toolUseId":"${apiId('toolu', index)}","progressToken":${id}}},"jsonrpc":"2.0","id":${id}}}}\n`;
      const sentAt = process.hrtime.bigint();
      if (index === warmup) measuredFrom = sentAt;
      session.waiting.set(requestId, (response, readAt) => {
        if (!isToolAnswer(response, id, String(index + 27))) errors++;
        if (index >= warmup) roundTrips[index - warmup] = Number(readAt - sentAt) / 1e3;
        answered++;
        if (issued < total) issue();
        else if (answered === total) {
          resolve({
            mode: 'tools',
            count,
            concurrency,
            warmup,
            wallMs: Number(readAt - measuredFrom) / 1e6,
            roundTripUs: latencyStats(roundTrips),
            errors,
            manifests: session.manifestsSent,
          });
        }
      });
      process.stdout.write(line);
    };
    for (let k = 0; k < Math.min(concurrency, total); k++) issue();
  });
}

function isToolAnswer(response: Json, id: number, text: string): boolean {
  if (response.subtype !== 'success') return false;
  const mcp = (response.response as Json | undefined)?.mcp_response as Json | undefined;
  const content = (mcp?.result as Json | undefined)?.content as Json[] | undefined;
  return mcp?.id === id && content?.[0]?.text === text;
}

/** The MCP handshake the CLI runs, once, for each in-process server named without a manifest (capture 09). */
export async function mcpHandshake(session: StandInSession): Promise<void> {
  if (session.handshakeDone) return;
  session.handshakeDone = true;
  for (const server of session.sdkServers) {
    if (session.manifests[server] !== undefined) continue;
    const clientInfo = { name: 'claude-code', title: 'Claude Code', version: session.version };
    const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo };
    await mcpRequest(session, server, { method: 'initialize', params: init, jsonrpc: '2.0', id: 0 });
    await mcpRequest(session, server, { jsonrpc: '2.0', method: 'notifications/initialized' });
    const list = await mcpRequest(session, server, { method: 'tools/list', jsonrpc: '2.0', id: 1 });
    session.manifests[server] = { toolsListResult: (list.mcp_response as Json | undefined)?.result };
  }
}

async function mcpRequest(session: StandInSession, server: string, message: Json): Promise<Json> {
  const response = await session.request('mcp_message', { server_name: server, message });
  if (response.subtype !== 'success') fatal(`MCP handshake failed: ${JSON.stringify(response)}`);
  return (response.response as Json | undefined) ?? {};
}
