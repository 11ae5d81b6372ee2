import type { Options } from '../types/options.js';

/**
 * Whether the CLI may ask this session something that needs an answer over its input: a tool of an
 * in-process server, a hook callback, a permission prompt (`canUseTool`), an elicitation or a
 * dialog. Asked when a turn's `result` comes (servers added by `setMcpServers` count from then
 * on). Without any, the CLI needs nothing more of the input after a `result`, and a session ends
 * it there as the official SDK does (its `hasBidirectionalNeeds`).
 *
 * @example
 * ```ts
 * needsSdkAnswers({ canUseTool }, 0); // true
 * needsSdkAnswers({ hooks: {} }, 0); // false
 * ```
 */
export function needsSdkAnswers(options: Options, inProcessServers: number): boolean {
  return (
    inProcessServers > 0 ||
    (options.hooks !== undefined && Object.keys(options.hooks).length > 0) ||
    options.canUseTool !== undefined ||
    options.onElicitation !== undefined ||
    options.onUserDialog !== undefined
  );
}
