import type { QueryControls, SDKMessage, SDKUserMessage } from '@hexagent/core';

/**
 * A running query: an async generator of the CLI's messages, plus live controls. The official
 * SDK's `Query`, method for method: core's `QueryControls` (declared once, with `QUERY_CONTROLS`) plus
 * `streamInput` and `close` (an in-process server's `instance` in `setMcpServers` is
 * whatever hexagent's MCP factory serves, as in the `mcpServers` option).
 *
 * Each control request resolves with the CLI's answer, mapped as the official SDK maps it, or
 * rejects with `ControlRequestError` (`errorCode` is the CLI's code); a call made before the CLI
 * answered `initialize` waits for it; after the query closed, a call rejects with a typed error.
 * Breaking out of `for await`, `return()`, `throw()`, `close()`, the options' `abortController`
 * and `await using` all end the CLI; `return()`, `throw()` and `[Symbol.asyncDispose]()` resolve
 * once it has stopped.
 */
export interface Query extends AsyncGenerator<SDKMessage, void>, QueryControls {
  /**
   * Send more user messages; resolves when `stream` ends. The CLI's input is then closed once every
   * turn sent has its result, as with an `AsyncIterable` prompt.
   */
  streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void>;
  /**
   * End the query now: stop the CLI, reject pending requests, close the in-process servers.
   * Returns at once; `await query[Symbol.asyncDispose]()` (or `await using`) waits for the stop.
   */
  close(): void;
}
