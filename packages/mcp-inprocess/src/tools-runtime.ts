/**
 * What the port needs to serve the tools of a `createSdkMcpServer` definition by itself: compile
 * them (zod or JSON Schema, through the MCP SDK's zod helpers and ajv), run calls, keep their time
 * limits, and build the manifest. It imports none of the MCP SDK's `Server`, protocol or message
 * schemas: those are loaded only when something needs the MCP SDK itself (the CLI's own handshake,
 * a user-supplied server, a result that is not plain text; see docs/performance.md#lazy-loading).
 */
import type { McpServerManifest } from '@hexagent/core';
import { type CompiledTool, compileTool, loadToolCompilers } from './compile-tool.js';
import { runToolCall } from './run-tool-call.js';
import type { SdkMcpServerDefinition } from './sdk-mcp-server-definition.js';
import { ToolCallDeadlines } from './tool-call-deadlines.js';

/**
 * The MCP protocol version of the manifests built here: the `LATEST_PROTOCOL_VERSION` of the pinned
 * `@modelcontextprotocol/sdk`, which its `Server` answers the port's handshake with (a test checks
 * that the two agree).
 */
export const MANIFEST_PROTOCOL_VERSION = '2025-11-25';

/** The capabilities a `createSdkMcpServer` server declares (as `buildSdkServer` gives its `Server`). */
export const SDK_SERVER_CAPABILITIES = { tools: { listChanged: true } } as const;

/**
 * The manifest of a definition as the MCP SDK's `Server` would give it in a handshake (`initialize`
 * then `tools/list`), built from the compiled tools without running one.
 */
export function definitionManifest(
  definition: SdkMcpServerDefinition,
  tools: Iterable<CompiledTool>,
): McpServerManifest {
  const initializeResult: Record<string, unknown> = {
    protocolVersion: MANIFEST_PROTOCOL_VERSION,
    capabilities: SDK_SERVER_CAPABILITIES,
    serverInfo: { name: definition.name, version: definition.version },
  };
  if (definition.instructions !== undefined) initializeResult['instructions'] = definition.instructions;
  return { initializeResult, toolsListResult: { tools: [...tools].map((tool) => ({ ...tool.listEntry })) } };
}

/** Compiles every tool of `definition` (loading the compilers they need first), by name. */
export async function compileTools(definition: SdkMcpServerDefinition): Promise<Map<string, CompiledTool>> {
  const compilers = await loadToolCompilers(definition.tools, definition.jsonSchemaValidator);
  return new Map(definition.tools.map((tool) => [tool.name, compileTool(tool, compilers)]));
}

export { loadToolCompilers, runToolCall, ToolCallDeadlines };
