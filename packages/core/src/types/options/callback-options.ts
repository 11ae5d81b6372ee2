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
   * Answers an MCP server's request for user input (a form, or a URL to open) that no hook
   * answered. Without it such requests are declined. Nothing is sent to the CLI for it.
   */
  onElicitation?: OnElicitation;
  /**
   * Renders the blocking dialogs the CLI asks this process to show (`request_user_dialog`), for the
   * kinds declared in `supportedDialogKinds`. Without it no answer is sent.
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
