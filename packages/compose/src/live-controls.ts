import { callQueryControl, forwardQueryControls, type Session } from '@hexagent/core';

/**
 * Give a class the live controls a running query has: every method of core's `QueryControls` (see
 * the official `Query` for each one's contract) that the class does not define itself, each handed
 * to the method of the same name on the session `sessionOf` picks. The methods are made from core's
 * `QUERY_CONTROLS` table, so a new control method needs no edit here. Every control request
 * resolves with the CLI's answer, mapped as the official SDK maps it, or rejects with
 * `ControlRequestError` (its `errorCode` is the CLI's); a call made before the CLI answered
 * `initialize` waits for it; after the session closed, a call rejects with a typed error.
 *
 * The methods land on the class's own prototype, beside its other methods, as the official Query
 * has them: a program that copies a query's methods from `Object.getPrototypeOf(query)` (a tracing
 * wrapper) gets every control. Call it from the class's static block, after its methods.
 *
 * @param sessionOf the session of an instance; a synchronous throw (a `ClaudeClient` before
 *   `connect()`) reaches the caller as it is.
 */
export function addLiveControls<Self extends object>(
  target: abstract new (...args: never[]) => Self,
  sessionOf: (self: Self) => Session,
): void {
  forwardQueryControls(target, function (name, args) {
    return callQueryControl(sessionOf(this), name, args);
  });
}
