import type { ApprovalLedger, ApprovalRecord, ApprovalRule } from '@hexagent/core';
import { needsApproval } from '@hexagent/core';
import type { CallToolResult, McpServerConfig, SdkMcpToolDefinition, ToolHandlerExtra } from '@hexagent/sdk';
import { wrapInProcessTools } from '../wrap-in-process-tools.js';
import { presentedInput } from './args-match-approved.js';

/** What a guard needs to check a call before its handler runs. */
export interface HandlerGuardContext {
  ledger: ApprovalLedger;
  rule: ApprovalRule;
  sessionId: string;
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
  const out = wrapInProcessTools(mcpServers, (toolName, tool) => guardedHandler(toolName, tool, guard));
  return { mcpServers: out.mcpServers, guarded: out.wrapped, unguarded: out.unwrapped };
}

function guardedHandler(toolName: string, tool: SdkMcpToolDefinition, guard: HandlerGuardContext) {
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
