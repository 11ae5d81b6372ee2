import { hasMarker } from '@hexagent/core';
import type { JsonSchemaValidator } from './json-schema-validator.js';
import type { SdkMcpToolDefinition } from './sdk-mcp-tool-definition.js';

const MARKER = Symbol.for('hexagent.mcp-inprocess.SdkMcpServerDefinition');

/**
 * The `instance` of a `createSdkMcpServer` config: a plain description of the server (name,
 * version, tools). It is not an MCP SDK object; each session that uses the config builds its own
 * MCP `Server` from it when it first connects, so one config serves many sessions at once.
 */
export interface SdkMcpServerDefinition {
  /** The server's name, as in `serverInfo.name` and `mcp__<name>__<tool>`. */
  readonly name: string;
  /** The server's version, as in `serverInfo.version`. */
  readonly version: string;
  /** Instructions for the client, sent in the `initialize` result when given. */
  readonly instructions?: string;
  /** The server's tools, in the order `tools/list` reports them. */
  readonly tools: readonly SdkMcpToolDefinition[];
  /** Time limit of a call of a tool without its own `timeoutMs`; see `createSdkMcpServer`. */
  readonly toolTimeoutMs?: number;
  /** What checks the arguments of JSON Schema tools; ajv's when absent. See `createSdkMcpServer`. */
  readonly jsonSchemaValidator?: JsonSchemaValidator;
}

/** Marks `definition` as made by `createSdkMcpServer` and freezes it. */
export function markSdkMcpServerDefinition(definition: SdkMcpServerDefinition): SdkMcpServerDefinition {
  Object.defineProperty(definition, MARKER, { value: true, enumerable: false });
  return Object.freeze(definition);
}

/**
 * True when `value` is the `instance` of a `createSdkMcpServer` config, whichever copy of this
 * package made it (the check tests a `Symbol.for` marker, not the prototype).
 */
export function isSdkMcpServerDefinition(value: unknown): value is SdkMcpServerDefinition {
  return hasMarker(value, MARKER);
}
