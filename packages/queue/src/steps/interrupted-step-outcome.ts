import type { ApprovalRecord } from '@hexagent/core';

/**
 * A run that ended because a worker died while a tool that is not idempotent ran: nobody knows
 * whether its effect happened. `approval` is pending; `resolveInterruptedStep` decides it (retry,
 * skip, or fail) and queues the continuation.
 */
export interface InterruptedStep {
  /** The call's `tool_use` id. */
  toolUseId: string;
  /** The tool's full name. */
  toolName: string;
  /** The input it ran with. */
  input: Record<string, unknown>;
  /** When it started (store clock, epoch ms). */
  startedAt: number;
  /** The pending approval a person decides. */
  approval: ApprovalRecord;
}
