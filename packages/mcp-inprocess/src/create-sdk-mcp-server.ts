import { InvalidOptionError } from '@hexagent/core';
import { assertToolDefinition, MAX_TIMEOUT_MS } from './assert-tool-definition.js';
import type { JsonSchemaValidator } from './json-schema-validator.js';
import { markSdkMcpServerDefinition, type SdkMcpServerDefinition } from './sdk-mcp-server-definition.js';
import type { SdkMcpToolDefinition } from './sdk-mcp-tool-definition.js';

/**
 * Default time limit of one tool call of a `createSdkMcpServer` server: 30 minutes. Generous on
 * purpose: a tool may run for minutes (no inactivity timeout applies while a handler runs), and this
 * bound exists only so that a handler that never settles cannot hold a turn forever.
 */
export const DEFAULT_TOOL_TIMEOUT_MS = 30 * 60_000;

/** What {@link createSdkMcpServer} takes. */
export interface CreateSdkMcpServerOptions {
  /**
   * The server's name, matching `/^[A-Za-z0-9_-]{1,64}$/`. Use the same name as the key in
   * `options.mcpServers`; the model sees the tools as `mcp__<name>__<tool>`.
   */
  name: string;
  /** The server's version, reported in `serverInfo`. Default `'1.0.0'`. */
  version?: string;
  /** Instructions for the client, sent in the `initialize` result. */
  instructions?: string;
  /** The tools, made with `tool()`. Names must be unique. */
  tools?: readonly SdkMcpToolDefinition[];
  /**
   * Always put every tool of this server in the prompt, never defer them behind tool search: each
   * tool's `tools/list` entry gets `_meta['anthropic/alwaysLoad']: true` (OR'd with the tool's own
   * `alwaysLoad`), as the official SDK does.
   */
  alwaysLoad?: boolean;
  /**
   * Time limit of one tool call, in milliseconds, as the official SDK takes it. It is put on the
   * returned config (`timeout`, for the CLI), and hexagent also bounds calls by it in process: it is
   * the default of `toolTimeoutMs` when that is not given. Values below 1000 are ignored, as the
   * CLI ignores them.
   */
  timeout?: number;
  /**
   * Time limit of one call of any tool of this server that sets no `timeoutMs` of its own, in
   * milliseconds (a hexagent extension; default `timeout` when that is 1000 or more, otherwise
   * {@link DEFAULT_TOOL_TIMEOUT_MS}, 30 minutes; at most 2,147,483,647). When it elapses the
   * handler's `signal` aborts and the model gets an `isError` result saying the tool timed out.
   * Nothing else bounds a running handler: there is no inactivity timeout.
   */
  toolTimeoutMs?: number;
  /**
   * What checks the arguments of this server's JSON Schema tools (a hexagent extension; zod tools
   * are checked by zod). Default: ajv, loaded when such a tool is first compiled; ajv generates
   * code with `new Function`, which edge runtimes may forbid. Any object with
   * `getValidator(schema)` plugs in, the MCP SDK's providers included:
   * `new CfWorkerJsonSchemaValidator()` from `@modelcontextprotocol/sdk/validation/cfworker`
   * validates without code generation. See {@link JsonSchemaValidator}.
   */
  jsonSchemaValidator?: JsonSchemaValidator;
}

/**
 * An in-process MCP server config as {@link createSdkMcpServer} returns it: put it in
 * `options.mcpServers`. Assignable to core's `McpSdkServerConfigWithInstance`.
 */
export interface SdkMcpServerConfig {
  /** Always `'sdk'`: the server runs in this process. */
  type: 'sdk';
  /** The server's name. */
  name: string;
  /** The server's definition; no MCP SDK object. */
  instance: SdkMcpServerDefinition;
  /** The `timeout` given to `createSdkMcpServer`, when one was. */
  timeout?: number;
}

/**
 * Creates an in-process MCP server config: its tools run in this process, and the Claude Code CLI
 * reaches them through the control protocol. Creating it loads neither the MCP SDK, ajv nor zod:
 * those load when a session first connects the server. One config can be used by any number of
 * sessions, concurrently: each gets its own MCP server built from the same definitions.
 *
 * @throws InvalidOptionError where the official SDK throws too: `tools` not an array, a tool that is
 *   not one (see `assertToolDefinition`), two tools sharing a name; and for the hexagent-only
 *   `toolTimeoutMs`. A name, version, instructions or timeout of another kind pass, as there.
 *
 * @example
 * ```ts
 * import { createSdkMcpServer, tool } from '@hexagent/mcp-inprocess';
 * import { z } from 'zod';
 *
 * const calc = createSdkMcpServer({
 *   name: 'calc',
 *   version: '1.0.0',
 *   tools: [
 *     tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
 *       content: [{ type: 'text', text: String(a + b) }],
 *     }), { annotations: { readOnlyHint: true } }),
 *   ],
 * });
 * // query({ prompt: 'What is 15 + 27?', options: { mcpServers: { calc }, allowedTools: ['mcp__calc__add'] } })
 * ```
 */
export function createSdkMcpServer(options: CreateSdkMcpServerOptions): SdkMcpServerConfig {
  const {
    name,
    version = '1.0.0',
    instructions,
    tools = [],
    alwaysLoad = false,
    timeout,
    jsonSchemaValidator,
  } = options;
  if (
    jsonSchemaValidator !== undefined &&
    typeof (jsonSchemaValidator as Partial<JsonSchemaValidator> | null)?.getValidator !== 'function'
  ) {
    // A hexagent option the official SDK does not have: a value that cannot validate is refused.
    throw new InvalidOptionError({
      option: `mcpServers.${name}.jsonSchemaValidator`,
      message: 'must be an object with a getValidator(schema) method (the MCP SDK validator provider shape)',
    });
  }
  // A timeout the official SDK takes but that is no usable bound (not a number of at least 1 s) leaves the default.
  const toolTimeoutMs =
    options.toolTimeoutMs ??
    (typeof timeout === 'number' && timeout >= 1000 ? Math.min(timeout, MAX_TIMEOUT_MS) : DEFAULT_TOOL_TIMEOUT_MS);
  if (
    typeof toolTimeoutMs !== 'number' ||
    !Number.isFinite(toolTimeoutMs) ||
    toolTimeoutMs <= 0 ||
    toolTimeoutMs > MAX_TIMEOUT_MS
  ) {
    throw new InvalidOptionError({
      option: `mcpServers.${name}.toolTimeoutMs`,
      message: `must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}, got ${String(toolTimeoutMs)}`,
    });
  }
  if (!Array.isArray(tools)) {
    throw new InvalidOptionError({ option: `mcpServers.${name}.tools`, message: 'tools must be an array of tool()' });
  }
  const seen = new Set<string>();
  tools.forEach((definition: unknown, index) => {
    assertToolDefinition(definition, `mcpServers.${name}.tools[${index}]`);
    if (seen.has(definition.name)) {
      throw new InvalidOptionError({
        option: `mcpServers.${name}.tools[${index}]`,
        message: `two tools are named "${definition.name}"; tool names must be unique within a server`,
      });
    }
    seen.add(definition.name);
  });
  const instance = markSdkMcpServerDefinition({
    name,
    version,
    ...(instructions !== undefined && { instructions }),
    tools: Object.freeze(alwaysLoad ? tools.map(withAlwaysLoad) : [...tools]),
    toolTimeoutMs,
    ...(jsonSchemaValidator !== undefined && { jsonSchemaValidator }),
  });
  return { type: 'sdk', name, instance, ...(timeout !== undefined && { timeout }) };
}

/** `tool` with `_meta['anthropic/alwaysLoad']: true` (for `createSdkMcpServer({ alwaysLoad: true })`). */
function withAlwaysLoad(tool: SdkMcpToolDefinition): SdkMcpToolDefinition {
  return Object.freeze({ ...tool, _meta: Object.freeze({ 'anthropic/alwaysLoad': true, ...tool._meta }) });
}
