import type { TransportLaunch } from '@hexagent/core';
import { ENV_FROM_STDIN_SCRIPT } from '@hexagent/transport-kit';

/** Exit code of the far side's script when the working directory cannot be entered. */
export const CWD_FAILED = 122;

/**
 * What runs on the far side for `launch`: a POSIX shell that enters the working directory, reads
 * the environment from its input (`ENV_FROM_STDIN_SCRIPT` of the transport kit: no value on a
 * command line), then becomes the CLI (`exec`, so the CLI has the shell's pid) with the launch's
 * arguments. Only flags and the directory are on this command line, never a variable's value.
 */
export function farSideCommand(launch: TransportLaunch, cli: string): string[] {
  const script = `cd -- "$1" || exit ${CWD_FAILED}\nshift\n${ENV_FROM_STDIN_SCRIPT}`;
  return ['sh', '-c', script, 'hexagent-cli', launch.cwd ?? '.', cli, ...launch.args];
}
