import { inputDigest, type StepCall, type StepLedger, type StepResult } from '@hexagent/core';
import type {
  CallToolResult,
  HookCallback,
  McpServerConfig,
  Options,
  SdkMcpToolDefinition,
  ToolHandlerExtra,
} from '@hexagent/sdk';
import { type ToolHandler, wrapInProcessTools } from '../wrap-in-process-tools.js';

/** What the step recorder of one run needs. */
export interface StepRecorder {
  ledger: StepLedger;
  sessionId: string;
  idempotent: (toolName: string) => boolean;
  /** Calls a person chose to skip after an interruption: the same tool and input are not run again in this session. */
  skipped: ReadonlyArray<{ toolName: string; inputDigest: string; reason: string }>;
}

/**
 * The in-process servers of `mcpServers` with every tool's handler recording its call in the step
 * ledger: the start before the handler runs, the result when it returns. A call whose `tool_use` id
 * already completed (the CLI re-requested it on a resume) is answered from its record and the handler
 * does not run; one that was in flight and is not idempotent is refused (the worker settles those
 * before the CLI starts, so this is the last line, for a CLI that runs it anyway).
 */
export function recordSteps(
  mcpServers: Record<string, McpServerConfig> | undefined,
  recorder: StepRecorder,
): Record<string, McpServerConfig> | undefined {
  return wrapInProcessTools(mcpServers, (toolName, tool) => recordedHandler(toolName, tool, recorder)).mcpServers;
}

function recordedHandler(toolName: string, tool: SdkMcpToolDefinition, recorder: StepRecorder): ToolHandler {
  const handler = async (args: Record<string, unknown>, extra: ToolHandlerExtra) => tool.handler(args as never, extra);
  return async (args, extra) => {
    const { ledger, sessionId } = recorder;
    if (extra.toolUseId === undefined) return handler(args, extra);
    const call: StepCall = {
      sessionId,
      toolUseId: extra.toolUseId,
      toolName,
      input: args,
      inputDigest: inputDigest(args),
    };
    const skip = recorder.skipped.find((s) => s.toolName === toolName && s.inputDigest === call.inputDigest);
    if (skip !== undefined)
      return notRun(`a person chose not to run this call again after it was interrupted (${skip.reason})`);
    const plan = await ledger.begin(call, recorder.idempotent(toolName));
    if (plan.kind === 'replay') return plan.result as CallToolResult;
    if (plan.kind === 'mismatch') return notRun('this tool use id was recorded with another tool or input');
    if (plan.kind === 'interrupted')
      return notRun('it was interrupted by a crash and is not idempotent; a person decides');
    let result: CallToolResult;
    try {
      result = await handler(args, extra);
    } catch (error) {
      // A handler that throws completed too: its error is what the model got, and what a replay gives.
      const message = error instanceof Error ? error.message : String(error);
      await ledger.complete(call, { isError: true, content: [{ type: 'text', text: message }] });
      throw error;
    }
    await ledger.complete(call, result as StepResult);
    return result;
  };
}

function notRun(reason: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `Not run: ${reason}.` }] };
}

/**
 * `hooks` plus a `PreToolUse` hook that denies a call a person chose to skip (the same tool and
 * input) for the rest of the session: the wrapper refuses it for an in-process tool, this hook for one
 * the CLI runs itself (`Bash`, `Write`, a stdio MCP server's).
 */
export function refuseSkippedCalls(
  hooks: Options['hooks'],
  skipped: StepRecorder['skipped'],
): NonNullable<Options['hooks']> {
  const refuse: HookCallback = async (input) => {
    if (input.hook_event_name !== 'PreToolUse') return {};
    const digest = inputDigest((input.tool_input ?? {}) as Record<string, unknown>);
    const skip = skipped.find((s) => s.toolName === input.tool_name && s.inputDigest === digest);
    if (skip === undefined) return {};
    return {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: `Not run: a person chose not to run this call again after it was interrupted (${skip.reason}).`,
      },
    };
  };
  return { ...hooks, PreToolUse: [{ hooks: [refuse] }, ...(hooks?.PreToolUse ?? [])] };
}
