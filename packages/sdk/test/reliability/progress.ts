/**
 * Progress lines for the long tests, so a run is never silent for minutes: every `everyMs`,
 * `[progress] <label>: <status()>, <elapsed> s`. Stop it in a `finally`.
 */
export function reportProgress(label: string, status: () => string, everyMs = 15_000): { stop(): void } {
  const started = Date.now();
  const timer = setInterval(() => {
    console.log(`[progress] ${label}: ${status()}, ${Math.round((Date.now() - started) / 1000)} s`);
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
