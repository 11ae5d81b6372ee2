import { callQueryControl, forwardQueryControls, type QueryControls, type Session } from '@hexagent/core';

/**
 * The live controls a running query and a connected `ClaudeClient` share: every method of core's
 * `QueryControls` (see the official `Query` for each one's contract), each handed to the session's
 * method of the same name. The methods are made from core's `QUERY_CONTROLS` table, so a new
 * control method needs no edit here. Every control request resolves with the CLI's answer, mapped
 * as the official SDK maps it, or rejects with `ControlRequestError` (its `errorCode` is the CLI's);
 * a call made before the CLI answered `initialize` waits for it; after the session closed, a call
 * rejects with a typed error.
 */
export interface LiveControls extends QueryControls {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface's methods are defined by forwardQueryControls in its static block
export abstract class LiveControls {
  /** The session the controls act on (a `ClaudeClient` throws here before `connect()`). */
  protected abstract controls(): Session;

  static {
    forwardQueryControls(LiveControls, function (name, args) {
      // A synchronous throw (a `ClaudeClient` before `connect()`) reaches the caller as it is.
      return callQueryControl(this.controls(), name, args);
    });
  }
}
