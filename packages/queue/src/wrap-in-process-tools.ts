import {
  type CallToolResult,
  type CreateSdkMcpServerOptions,
  createSdkMcpServer,
  type McpServerConfig,
  type SdkMcpToolDefinition,
  type ToolHandlerExtra,
} from '@hexagent/sdk';

/** A tool handler as the worker wraps it. */
export type ToolHandler = (args: Record<string, unknown>, extra: ToolHandlerExtra) => Promise<CallToolResult>;

/** A `createSdkMcpServer` definition as the config's `instance` holds it. */
interface DefinitionLike {
  name: string;
  version: string;
  instructions?: string;
  tools: readonly SdkMcpToolDefinition[];
  toolTimeoutMs?: number;
  jsonSchemaValidator?: CreateSdkMcpServerOptions['jsonSchemaValidator'];
}

function isDefinition(instance: unknown): instance is DefinitionLike {
  const value = instance as Partial<DefinitionLike> | null;
  return typeof value === 'object' && value !== null && typeof value.name === 'string' && Array.isArray(value.tools);
}

/** Whether `config` is an in-process server whose tools' handlers {@link wrapInProcessTools} can wrap. */
export function isWrappable(config: McpServerConfig | undefined): boolean {
  return config?.type === 'sdk' && 'instance' in config && isDefinition(config.instance);
}

/**
 * The in-process servers of `mcpServers` with every tool's handler replaced by `wrap(toolName, tool)`
 * (`toolName` is `mcp__<server>__<tool>`). Only `createSdkMcpServer` definitions can be wrapped (their
 * handlers are ours to reach); the names of other in-process servers (a user's `McpServer`) come back
 * in `unwrapped`. The approval gate and durable steps both wrap through here, one inside the other.
 */
export function wrapInProcessTools(
  mcpServers: Record<string, McpServerConfig> | undefined,
  wrap: (toolName: string, tool: SdkMcpToolDefinition) => ToolHandler,
): { mcpServers: Record<string, McpServerConfig> | undefined; wrapped: Set<string>; unwrapped: Set<string> } {
  const wrapped = new Set<string>();
  const unwrapped = new Set<string>();
  if (mcpServers === undefined) return { mcpServers, wrapped, unwrapped };
  const out: Record<string, McpServerConfig> = {};
  for (const [name, config] of Object.entries(mcpServers)) {
    if (config.type !== 'sdk' || !('instance' in config)) {
      out[name] = config;
      continue;
    }
    if (!isDefinition(config.instance)) {
      unwrapped.add(name);
      out[name] = config;
      continue;
    }
    const definition = config.instance;
    const wrappedConfig = createSdkMcpServer({
      name: definition.name,
      version: definition.version,
      ...(definition.instructions === undefined ? {} : { instructions: definition.instructions }),
      ...(definition.toolTimeoutMs === undefined ? {} : { toolTimeoutMs: definition.toolTimeoutMs }),
      ...(definition.jsonSchemaValidator === undefined ? {} : { jsonSchemaValidator: definition.jsonSchemaValidator }),
      tools: definition.tools.map((tool) => ({ ...tool, handler: wrap(`mcp__${name}__${tool.name}`, tool) })),
    });
    out[name] = { ...config, ...wrappedConfig };
    wrapped.add(name);
  }
  return { mcpServers: out, wrapped, unwrapped };
}
