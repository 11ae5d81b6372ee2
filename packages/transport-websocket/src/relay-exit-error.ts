import { ProcessError, type RelayExit } from '@hexagent/transport-kit';

/**
 * The CLI's failure from the relay's `relay_exit` frame, when it exited on its own with one (a
 * non-zero code, a signal), as `CliTransport` reports a local CLI's; `undefined` for a clean exit
 * or none.
 */
export function relayExitError(exit: RelayExit | undefined): ProcessError | undefined {
  if (exit === undefined || (exit.code === 0 && exit.signal === null)) return undefined;
  return new ProcessError({
    exitCode: exit.code ?? undefined,
    signal: exit.signal ?? undefined,
    stderrTail: exit.stderrTail,
  });
}
