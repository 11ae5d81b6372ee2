/**
 * What `SpareProcess.claimed` resolves with: the claimed session as the process reports it.
 * @alpha
 */
export type ClaimInfo = {
  /** The canonical working directory of the session. */
  cwd: string;
  /** The session id. */
  sessionId: string;
  /** How long the spare was parked before the claim, in milliseconds. */
  parkedMs?: number;
  /** True once the in-process (`type: 'sdk'`) MCP servers given to `prewarm()` were settled at the claim. */
  sdkMcpSettled: boolean;
};
