import type { TransportLaunch } from '@hexagent/core';
import { ENV_FROM_STDIN_SCRIPT, farSideWatchdog, shellQuote } from '@hexagent/transport-kit';

/** Exit code of the far side's script when the working directory cannot be entered. */
export const CWD_FAILED = 122;

/** How the wrapper reaches the far side: the part of the settings a far-side command needs. */
export interface Wrapper {
  /** The command that runs its arguments on the far side (`['ssh', '-T', 'box']`, `['env']`). */
  wrapper: readonly string[];
  /** The wrapper hands its arguments to a shell on the far side as one line (ssh does): quote them. */
  remoteShell?: boolean | undefined;
  /**
   * The wrapper's exit code that means the link failed, not the command (ssh's is 255): then
   * `start()` fails with the kit's `LinkUnreachableError` and a run ends with its `LinkLostError`.
   * Default 255 when the wrapper is `ssh`, none otherwise.
   */
  linkFailureExitCode?: number | undefined;
}

/** The exit code that means the wrapper's link failed, if it has one ({@link Wrapper.linkFailureExitCode}). */
export function linkFailureExitCode({ wrapper, linkFailureExitCode }: Wrapper): number | undefined {
  if (linkFailureExitCode !== undefined) return linkFailureExitCode;
  return /(^|\/)ssh$/.test(wrapper[0] ?? '') ? 255 : undefined;
}

/** `command` as the argv that runs it on the far side through the wrapper. */
export function throughWrapper({ wrapper, remoteShell = false }: Wrapper, command: readonly string[]): string[] {
  return remoteShell ? [...wrapper, shellQuote(command)] : [...wrapper, ...command];
}

/**
 * What runs on the far side for `launch`: a POSIX shell that enters the working directory, reads
 * the environment from its input (`ENV_FROM_STDIN_SCRIPT` of the transport kit: no value on a
 * command line), then becomes the kit's watchdog (`farSideWatchdog`), which runs the CLI with
 * the launch's arguments and stops all it started when the link drops. Only flags, the directory
 * and the run's id are on this command line, never a variable's value.
 */
export function farSideCommand(launch: TransportLaunch, cli: string, runId: string): string[] {
  const script = `cd -- "$1" || exit ${CWD_FAILED}\nshift\n${ENV_FROM_STDIN_SCRIPT}`;
  const watchdog = farSideWatchdog(runId, [cli, ...launch.args]);
  return ['sh', '-c', script, 'hexagent-cli', launch.cwd ?? '.', ...watchdog];
}
