import { InitializeTimeoutError, type SDKControlInitializeResponse, type Session } from '@hexagent/core';

/** The official default of `initializeTimeoutMs`. */
export const DEFAULT_INITIALIZE_TIMEOUT_MS = 60_000;

/**
 * Start `session` and wait for the CLI's answer to `initialize`, at most `timeoutMs`; past it,
 * reject with `InitializeTimeoutError`, naming the last start-up checkpoint the CLI reported
 * (`startupMark`, `startupMarkAgeMs`). The caller closes the session on a rejection.
 */
export async function initializeWithin(
  session: Session,
  timeoutMs: number = DEFAULT_INITIALIZE_TIMEOUT_MS,
): Promise<SDKControlInitializeResponse> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new InitializeTimeoutError({ timeoutMs, startupMark: session.startupMarkReached() })),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([session.initializationResult(), expired]);
  } finally {
    clearTimeout(timer);
  }
}
