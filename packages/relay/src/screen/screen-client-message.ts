import { isRecord } from './read-client-line.js';
import { screenControlRequest } from './screen-control-request.js';
import { permissionUpdatesRefusal } from './screen-permission-updates.js';
import type { ScreenPolicy } from './screen-policy.js';
import { slashCommandRefusal } from './screen-slash-command.js';

/** What becomes of one message of the client's. */
export type MessageVerdict =
  /** Passed on as `message`; `movesCwd` holds the request id of a `set_cwd` to watch. */
  | { kind: 'pass'; message: Record<string, unknown>; movesCwd?: string }
  /** A refused request of the client's, answered by the relay with `answer` (a `control_response` error). */
  | { kind: 'answer'; answer: Record<string, unknown> }
  /** Refused, with nothing to answer: the relay ends the connection, saying `why`. */
  | { kind: 'end'; why: string };

/**
 * Judges one message of the client's (as the CLI read it; `encoded`, its `JSON.stringify`) before
 * it reaches the CLI's stdin, by its `type`, as the CLI would act on it:
 * - `control_request`: see `screenControlRequest`; a refusal is answered with an error;
 * - `control_response` (the client's answer to the CLI's request): its permission updates
 *   (`permissionUpdatesRefusal`);
 * - `user`: the slash command it would run (`slashCommandRefusal`);
 * - `update_environment_variables` (sets variables in the running CLI): each name in `allowedEnv`,
 *   as a hello's environment;
 * - `keep_alive`, `control_cancel_request`: pass.
 * Any other type (the CLI's own `assistant`, `system`, `bash_command`..., or one a newer CLI adds) is
 * not something a client of the SDKs sends: refused, unless the operator lists it in
 * `allowedMessageTypes` (a test CLI's or an extension's own).
 */
export function screenClientMessage(
  message: Record<string, unknown>,
  policy: ScreenPolicy,
  encoded: string = JSON.stringify(message),
): MessageVerdict {
  const requestId = message.request_id;
  const refuse = (why: string): MessageVerdict =>
    typeof requestId === 'string' && message.type !== 'control_response'
      ? {
          kind: 'answer',
          answer: { type: 'control_response', response: { subtype: 'error', request_id: requestId, error: why } },
        }
      : { kind: 'end', why };
  const judged = (why: string | undefined): MessageVerdict =>
    why === undefined ? { kind: 'pass', message } : refuse(why);
  switch (message.type) {
    case 'user':
      return judged(slashCommandRefusal(message, policy));
    case 'control_response':
      // Most answers are tool results: no need to walk them unless they name permission updates.
      return judged(
        encoded.includes('"updatedPermissions"') ? permissionUpdatesRefusal(message.response, policy) : undefined,
      );
    case 'keep_alive':
    case 'control_cancel_request':
      return { kind: 'pass', message };
    case 'update_environment_variables': {
      const variables = message.variables;
      if (!isRecord(variables)) return refuse('update_environment_variables: variables must be an object');
      const refused = Object.keys(variables).find((name) => !policy.allowedEnv.has(name));
      return judged(refused === undefined ? undefined : `variable ${refused} is not allowed by this relay`);
    }
    case 'control_request': {
      if (!isRecord(message.request)) return refuse('a control request needs a request object');
      const verdict = screenControlRequest(message.request, policy);
      if (verdict.kind === 'refuse') return refuse(verdict.why);
      const passed = verdict.request === message.request ? message : { ...message, request: verdict.request };
      if (verdict.movesCwd !== true) return { kind: 'pass', message: passed };
      // The relay checks where the CLI went by its answer to this id.
      if (typeof requestId !== 'string') return { kind: 'end', why: 'set_cwd needs a string request_id' };
      return { kind: 'pass', message: passed, movesCwd: requestId };
    }
    default:
      if (typeof message.type === 'string' && policy.allowedMessageTypes.has(message.type)) {
        return { kind: 'pass', message };
      }
      return { kind: 'end', why: `a message of type ${JSON.stringify(message.type)} is not passed by this relay` };
  }
}
