import { SessionStoreLoadError, type SessionStoreLoadOperation } from '@hexagent/core';

/**
 * Runs one store call of a resume under `timeoutMs`: its value, or a {@link SessionStoreLoadError}
 * when it rejects or does not settle in time (the timer does not keep Node.js alive).
 */
export async function withLoadTimeout<T>(
  call: () => Promise<T>,
  options: { operation: SessionStoreLoadOperation; timeoutMs: number; sessionId?: string; detail?: string },
): Promise<T> {
  const { operation, timeoutMs, sessionId, detail } = options;
  const what = `SessionStore.${operation}()${sessionId === undefined ? '' : ` for session ${sessionId}`}${detail ?? ''}`;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new SessionStoreLoadError({
            operation,
            timedOut: true,
            ...(sessionId !== undefined && { sessionId }),
            message: `${what} timed out after ${timeoutMs}ms (loadTimeoutMs)`,
          }),
        ),
      timeoutMs,
    );
    timer.unref();
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(call)
        .catch((error: unknown) => {
          throw new SessionStoreLoadError({
            operation,
            timedOut: false,
            ...(sessionId !== undefined && { sessionId }),
            message: `${what} failed: ${error instanceof Error ? error.message : String(error)}`,
            cause: error,
          });
        }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
