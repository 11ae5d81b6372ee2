import { disallowedMcpServer, mcpServersOfRequest } from './check-mcp-servers.js';
import type { ClientMcpServersPolicy } from './relay-config.js';

/** A control request of the client's that the relay answers itself, with an error, instead of passing it on. */
export interface RefusedControlRequest {
  /** The answer to send the client: a `control_response` with subtype `error`. */
  answer: string;
}

const CONTROL_REQUEST = Buffer.from('control_request');
const UNICODE_ESCAPE = Buffer.from('\\u');
const NEWLINE = 0x0a;

/**
 * Checks a text frame from the client before it reaches the CLI's stdin: a control request that
 * configures MCP servers `policy` does not allow (`initialize`, `mcp_set_servers`) is refused.
 * The frame is read as the CLI reads its input, line by line (a frame holding a newline is several
 * lines to the CLI), with JSON's escapes decoded (`"\u0069nitialize"` is `"initialize"`). A frame
 * that holds neither `control_request` nor a `\u` escape cannot be a control request and is not
 * parsed at all.
 */
export function checkClientFrame(data: Buffer, policy: ClientMcpServersPolicy): RefusedControlRequest | undefined {
  if (policy === 'all') return undefined;
  if (data.indexOf(CONTROL_REQUEST) === -1 && data.indexOf(UNICODE_ESCAPE) === -1) return undefined;
  let start = 0;
  while (start <= data.length) {
    const end = data.indexOf(NEWLINE, start);
    const line = data.subarray(start, end === -1 ? data.length : end);
    const refused = checkLine(line, policy);
    if (refused !== undefined) return refused;
    if (end === -1) break;
    start = end + 1;
  }
  return undefined;
}

function checkLine(line: Buffer, policy: ClientMcpServersPolicy): RefusedControlRequest | undefined {
  let message: unknown;
  try {
    message = JSON.parse(line.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, request, request_id: requestId } = message as Record<string, unknown>;
  if (type !== 'control_request' || typeof request !== 'object' || request === null) return undefined;
  const reason = disallowedMcpServer(mcpServersOfRequest(request as Record<string, unknown>), policy);
  if (reason === undefined) return undefined;
  const answer = { type: 'control_response', response: { subtype: 'error', request_id: requestId, error: reason } };
  return { answer: JSON.stringify(answer) };
}
