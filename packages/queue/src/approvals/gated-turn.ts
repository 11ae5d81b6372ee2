import type { ApprovalRecord } from '@hexagent/core';
import type { SDKMessage, SDKResultMessage, SDKUserMessageInput } from '@hexagent/sdk';
import { type ApprovalPolicy, DEFAULT_APPROVAL_EXPIRY_MS, DEFAULT_RESUME_PROMPT } from './approval-policy.js';
import type { ApprovalRunOutcome } from './approval-run-outcome.js';

/**
 * The input of a resumed gated run: the resume prompt when the deferred call is an MCP tool (the
 * CLI settles such a call only at the start of a turn; a built-in one it settles at start, and a
 * prompt would cost a model turn), then nothing until `end()`, so the CLI's input stays open while
 * the call is settled (the CLI emits a `tool_deferred_unavailable` result first, which is not the end).
 */
export function resumeInput(
  record: ApprovalRecord,
  resumePrompt: string = DEFAULT_RESUME_PROMPT,
): { prompt: AsyncIterable<SDKUserMessageInput>; end(): void } {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  const text = record.toolName.startsWith('mcp__') ? resumePrompt : undefined;
  async function* prompt(): AsyncGenerator<SDKUserMessageInput> {
    if (text !== undefined) {
      yield {
        type: 'user',
        message: { role: 'user', content: text },
        parent_tool_use_id: null,
        session_id: record.sessionId,
      };
    }
    await ended;
  }
  return { prompt: prompt(), end };
}

/** True for the `result` a resumed CLI emits before it settles a deferred MCP call: not the run's end. */
export function isSettlingResult(message: SDKMessage): boolean {
  return message.type === 'result' && message.terminal_reason === 'tool_deferred_unavailable';
}

/** The outcome of a gated run from its last `result`: parked on the call it deferred, or completed. */
export async function gatedOutcome(
  policy: ApprovalPolicy,
  sessionId: string,
  result: SDKResultMessage,
): Promise<ApprovalRunOutcome> {
  const { ledger } = policy;
  const deferred = result.subtype === 'success' ? result.deferred_tool_use : undefined;
  if (result.terminal_reason !== 'tool_deferred' || deferred === undefined) {
    return { kind: 'completed', sessionId, result };
  }
  // The gate recorded it before answering `defer`; a call another hook deferred is recorded now.
  const approval =
    (await ledger.find(sessionId, deferred.id)) ??
    (await ledger.request({
      sessionId,
      toolUseId: deferred.id,
      toolName: deferred.name,
      input: deferred.input,
      requestedBy: policy.requestedBy ?? 'agent',
      expiresInMs: policy.expiresInMs ?? DEFAULT_APPROVAL_EXPIRY_MS,
    }));
  return { kind: 'awaiting-approval', sessionId, approval, result };
}
