import type { SDKMessage } from '@hexagent/core';
import { PoolRecycleError } from './pool-recycle-error.js';

/** The settings a CLI's `system/init` reports that a reset must leave as they were. */
export type InitFacts = Readonly<Record<(typeof COMPARED)[number], unknown>>;

const COMPARED = ['model', 'permissionMode', 'cwd'] as const;

/** The facts of a `system/init` message, or undefined for any other message. */
export function initFactsOf(message: SDKMessage): InitFacts | undefined {
  if (message.type !== 'system' || message.subtype !== 'init') return undefined;
  const init = message as unknown as Record<string, unknown>;
  return { model: init.model, permissionMode: init.permissionMode, cwd: init.cwd };
}

/**
 * Reads the messages of the `/clear` turn the pool sends a CLI between two queries and decides
 * whether the CLI may serve another: Claude Code 2.1.329 answers `/clear` with a
 * `conversation_reset` (`trigger: 'clear'`), a `system/background_tasks_changed` listing what still
 * runs, a `system/init` under a new session id and a `result` (`success`, `result: ''`,
 * `local_command: 'clear'`), without calling the model. The reset holds when the `conversation_reset`
 * came, the session id changed, no background task survived it (a task the last query started
 * would go on in the next one's process), the `system/init` shows the model, permission mode and
 * cwd the CLI started its first query with (a plan-mode exit or a mode change is process state
 * `/clear` keeps), and the model was not called.
 */
export class ConversationResetCheck {
  private readonly before: { sessionId: string | undefined; init: InitFacts | undefined };
  private reset = false;
  private sessionId: string | undefined;
  private problem: string | undefined;

  /** @param before the session id of the query that ended, and the CLI's first `system/init`. */
  constructor(before: { sessionId: string | undefined; init: InitFacts | undefined }) {
    this.before = before;
  }

  /**
   * Take one message of the turn. Returns undefined until its `result`, then the new session id
   * (the reset held) or a `PoolRecycleError` saying why not.
   */
  receive(message: SDKMessage): { sessionId: string } | PoolRecycleError | undefined {
    if (message.type === 'conversation_reset') this.reset = true;
    else if (message.type === 'assistant') this.problem ??= 'the model was called';
    else if (message.type === 'system' && message.subtype === 'background_tasks_changed') {
      const running = message.tasks.map((task) => task.task_id);
      if (running.length > 0) this.problem ??= `background tasks still run (${running.join(', ')})`;
    } else if (message.type === 'system' && message.subtype === 'init') {
      this.sessionId = message.session_id;
      this.compare(initFactsOf(message));
    } else if (message.type === 'result') {
      return this.verdict(message.subtype === 'success' && message.is_error !== true, message.session_id);
    }
    return undefined;
  }

  private compare(after: InitFacts | undefined): void {
    const before = this.before.init;
    if (before === undefined || after === undefined) return;
    for (const name of COMPARED) {
      if (before[name] !== after[name]) {
        this.problem ??= `the ${name} changed (${String(before[name])} -> ${String(after[name])})`;
      }
    }
  }

  private verdict(succeeded: boolean, resultSessionId: string): { sessionId: string } | PoolRecycleError {
    const sessionId = this.sessionId ?? resultSessionId;
    const problem =
      this.problem ??
      (!succeeded
        ? 'the /clear turn failed'
        : !this.reset
          ? 'no conversation_reset came'
          : sessionId === this.before.sessionId
            ? 'the session id did not change'
            : undefined);
    if (problem !== undefined) return new PoolRecycleError({ message: `The CLI was not reset by /clear: ${problem}` });
    return { sessionId };
  }
}
