import type { ApprovalLedger, ApprovalRecord, ApprovalRule } from '@hexagent/core';
import { needsApproval } from '@hexagent/core';
import {
  type CallToolResult,
  type CreateSdkMcpServerOptions,
  createSdkMcpServer,
  type McpServerConfig,
  type SdkMcpToolDefinition,
  type ToolHandlerExtra,
} from '@hexagent/sdk';
import { presentedInput } from './args-match-approved.js';

/** What a guard needs to check a call before its handler runs. */
export interface HandlerGuardContext {
  ledger: ApprovalLedger;
  rule: ApprovalRule;
  sessionId: string;
}

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

/**
 * The in-process servers of `mcpServers` with every tool's handler behind the ledger: the third line
 * of enforcement, for when the CLI runs a call without asking the hook or `canUseTool`. Only
 * `createSdkMcpServer` definitions can be guarded (their handlers are ours to wrap); the names of
 * other in-process servers (a user's `McpServer`) come back in `unguarded`.
 */
export function guardInProcessTools(
  mcpServers: Record<string, McpServerConfig> | undefined,
  guard: HandlerGuardContext,
): { mcpServers: Record<string, McpServerConfig> | undefined; guarded: Set<string>; unguarded: Set<string> } {
  const guarded = new Set<string>();
  const unguarded = new Set<string>();
  if (mcpServers === undefined) return { mcpServers, guarded, unguarded };
  const out: Record<string, McpServerConfig> = {};
  for (const [name, config] of Object.entries(mcpServers)) {
    if (config.type !== 'sdk' || !('instance' in config)) {
      out[name] = config;
      continue;
    }
    if (!isDefinition(config.instance)) {
      unguarded.add(name);
      out[name] = config;
      continue;
    }
    const definition = config.instance;
    const guardedConfig = createSdkMcpServer({
      name: definition.name,
      version: definition.version,
      ...(definition.instructions === undefined ? {} : { instructions: definition.instructions }),
      ...(definition.toolTimeoutMs === undefined ? {} : { toolTimeoutMs: definition.toolTimeoutMs }),
      ...(definition.jsonSchemaValidator === undefined ? {} : { jsonSchemaValidator: definition.jsonSchemaValidator }),
      tools: definition.tools.map((tool) => ({ ...tool, handler: guardedHandler(name, tool, guard) })),
    });
    out[name] = { ...config, ...guardedConfig };
    guarded.add(name);
  }
  return { mcpServers: out, guarded, unguarded };
}

function guardedHandler(server: string, tool: SdkMcpToolDefinition, guard: HandlerGuardContext) {
  const toolName = `mcp__${server}__${tool.name}`;
  return async (args: Record<string, unknown>, extra: ToolHandlerExtra): Promise<CallToolResult> => {
    const { ledger, rule, sessionId } = guard;
    const toolUseId = extra.toolUseId;
    const record = toolUseId === undefined ? null : await ledger.find(sessionId, toolUseId);
    if (record === null) {
      const call = { toolName, input: args, sessionId, toolUseId: toolUseId ?? '' };
      if (await needsApproval(rule, call)) return refused('this call needs a person’s approval and was not approved');
      return tool.handler(args as never, extra);
    }
    const input = presentedInput(args, allowedInputs(record), tool.inputSchema);
    const verdict = await ledger.claim({ sessionId, toolUseId: record.toolUseId, toolName, input });
    if (verdict.kind === 'wait') return refused('this call is still waiting for a person’s approval');
    if (verdict.kind !== 'allow') return refused(verdict.kind === 'none' ? 'no approval was found' : verdict.message);
    try {
      const result = await tool.handler(args as never, extra);
      await ledger.finish(record.id, result.isError === true ? { error: 'the tool answered with an error' } : {});
      return result;
    } catch (error) {
      await ledger.finish(record.id, { error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };
}

/** The input the handler may run with: the approved edit when there is one (never the input it replaced). */
function allowedInputs(record: ApprovalRecord): Array<Record<string, unknown>> {
  return [record.decision?.input ?? record.input];
}

function refused(reason: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `Not run: ${reason}.` }] };
}
