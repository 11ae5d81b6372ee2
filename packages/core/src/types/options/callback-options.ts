import type { OnElicitation, OnUserDialog } from '../elicitation.js';
import type { HooksOptions } from '../hooks/hook-callback.js';

/** Options about what this process answers or renders for the CLI: hooks, elicitations, dialogs. */
export interface CallbackOptions {
  /**
   * Hook callbacks by event (`hooks` in `initialize`, each callback under an id `hook_<n>`); the CLI
   * calls them with `hook_callback` requests.
   *
   * @example
   * ```ts
   * hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [async (input) => ({ continue: true })] }] }
   * ```
   */
  hooks?: HooksOptions;
  /**
   * Answers MCP elicitation requests (an MCP server asks the user for form input or to open a URL)
   * that no hook answered. Its return is the answer as is; `null` means the answer was sent out of
   * band and nothing is written. Without it every elicitation is declined. One that throws, is
   * withdrawn by the CLI or does not answer within 10 minutes declines. Nothing is sent to the CLI
   * for it.
   */
  onElicitation?: OnElicitation;
  /**
   * Renders the CLI's blocking dialogs (`request_user_dialog`, only for the kinds declared in
   * `supportedDialogKinds`) and answers `{ behavior: 'completed', result }` or
   * `{ behavior: 'cancelled' }`; `null` means the answer was sent out of band. Without it a dialog
   * is left unanswered, as the official SDK does. One that throws or does not answer within 10
   * minutes answers `cancelled`.
   */
  onUserDialog?: OnUserDialog;
  /**
   * The dialog kinds `onUserDialog` can render, such as `'refusal_fallback_prompt'`
   * (`supportedDialogKinds` in `initialize`). The CLI sends only these kinds; omitted, none. A
   * non-empty list needs `onUserDialog`.
   */
  supportedDialogKinds?: string[];
  /**
   * Declares that this host renders a stop control per background task (wired to `stop_task`), so
   * an interrupt stops only the current turn and spares running background tasks
   * (`perTaskStopAffordance` in `initialize`).
   */
  perTaskStopAffordance?: boolean;
}
