import type { ApprovalRecord } from '@hexagent/core';
import type { SDKResultMessage } from '@hexagent/sdk';

/**
 * How a gated run ended. `awaiting-approval`: it deferred a call and nothing of it is left running
 * (the CLI exited); a decision, then a resume, continues it. `completed`: its last turn ended
 * (`result.is_error` says whether it failed).
 */
export type ApprovalRunOutcome =
  | {
      kind: 'completed';
      /** The session, to resume or continue it. */
      sessionId: string;
      /** The run's last `result` message. */
      result: SDKResultMessage;
    }
  | {
      kind: 'awaiting-approval';
      /** The session, which a resume continues. */
      sessionId: string;
      /** The pending approval (`status: 'pending'`) a person decides. */
      approval: ApprovalRecord;
      /** The `result` that ended the turn (`terminal_reason: 'tool_deferred'`). */
      result: SDKResultMessage;
    };
