import type { McpServerConfigForProcessTransport } from '../types/mcp/mcp-server-config.js';
import type { McpServerManifest } from '../types/mcp/mcp-server-manifest.js';
import type { Options } from '../types/options.js';
import { agentsForInitialize } from './agents-for-initialize.js';
import type { HookRegistrations } from './hook-registrations.js';
import { systemPromptFields } from './system-prompt-fields.js';

/** The options the `initialize` request carries. */
export type InitializeOptions = Pick<
  Options,
  | 'systemPrompt'
  | 'agents'
  | 'outputFormat'
  | 'planModeInstructions'
  | 'toolAliases'
  | 'title'
  | 'skills'
  | 'promptSuggestions'
  | 'agentProgressSummaries'
  | 'forwardSubagentText'
  | 'supportedDialogKinds'
  | 'perTaskStopAffordance'
  | 'plugins'
  | 'pluginDelivery'
>;

/** What the `initialize` request is built from. */
export interface InitializeRequestParts {
  /** The options `initialize` carries. */
  options: InitializeOptions;
  /** The `hooks` field, from `registerHooks`; left out when `undefined`. */
  hooks?: HookRegistrations['config'];
  /** The names of the in-process MCP servers, in order. */
  sdkMcpServerNames?: readonly string[];
  /** The manifests of the in-process servers that have one, by server name. */
  manifests?: ReadonlyMap<string, McpServerManifest>;
  /** External MCP servers sent over stdin (see `externalMcpServersForInitialize`). */
  externalMcpServers?: Readonly<Record<string, McpServerConfigForProcessTransport>> | undefined;
}

/**
 * The payload of the `initialize` control request (without `subtype`), field by field in the
 * official SDK's order, fields without a value left out: `hooks`, the in-process servers
 * (`sdkMcpServers`, `sdkMcpServerManifests`, which let the CLI skip the MCP handshake),
 * `jsonSchema` (`outputFormat`), the system prompt fields (see `systemPromptFields`: `['']` when
 * none is set), `planModeInstructions`, `toolAliases`, `agents`, `title`, `skills` (a list only),
 * `promptSuggestions`, `agentProgressSummaries`, `forwardSubagentText`, `supportedDialogKinds`,
 * `perTaskStopAffordance`, `plugins` (with `pluginDelivery: 'initialize'`) and the external
 * `mcpServers`. Pure.
 *
 * @example
 * ```ts
 * buildInitializeRequest({ options: { systemPrompt: 'Be brief.' }, sdkMcpServerNames: ['calc'] });
 * // { sdkMcpServers: ['calc'], systemPrompt: ['Be brief.'] }
 * ```
 */
export function buildInitializeRequest(parts: InitializeRequestParts): Record<string, unknown> {
  const { options, hooks, sdkMcpServerNames = [], manifests, externalMcpServers } = parts;
  const prompt = systemPromptFields(options.systemPrompt);
  const plugins = options.plugins ?? [];
  const fields: Record<string, unknown> = {
    hooks,
    sdkMcpServers: sdkMcpServerNames.length > 0 ? [...sdkMcpServerNames] : undefined,
    sdkMcpServerManifests:
      sdkMcpServerNames.length > 0 && manifests !== undefined && manifests.size > 0
        ? Object.fromEntries(manifests)
        : undefined,
    jsonSchema: options.outputFormat?.type === 'json_schema' ? options.outputFormat.schema : undefined,
    systemPrompt: prompt.systemPrompt,
    appendSystemPrompt: prompt.appendSystemPrompt,
    planModeInstructions: options.planModeInstructions,
    systemPromptSnapshot: prompt.systemPromptSnapshot,
    toolAliases: options.toolAliases,
    excludeDynamicSections: prompt.excludeDynamicSections,
    agents: agentsForInitialize(options.agents),
    title: options.title,
    skills: Array.isArray(options.skills) ? options.skills : undefined,
    promptSuggestions: options.promptSuggestions,
    agentProgressSummaries: options.agentProgressSummaries,
    forwardSubagentText: options.forwardSubagentText,
    supportedDialogKinds: options.supportedDialogKinds,
    perTaskStopAffordance: options.perTaskStopAffordance,
    plugins: options.pluginDelivery === 'initialize' && plugins.length > 0 ? plugins : undefined,
    mcpServers: externalMcpServers,
  };
  // Dropped as JSON.stringify would drop them, so the payload is what goes on the wire.
  for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  return fields;
}
