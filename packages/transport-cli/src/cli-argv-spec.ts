import type { CliCommand } from './resolve-cli-command.js';

/** A CLI command line already resolved, as `startCliCommand` runs it: executable, arguments and the whole environment. */
export interface CliArgvSpec {
  /** The executable and the arguments before `args` (an interpreter and its script). */
  command: CliCommand;
  /** The CLI's arguments. */
  args: readonly string[];
  /** The whole environment (nothing is inherited). */
  env: Record<string, string>;
  /** The working directory; default: this process's. */
  cwd?: string | undefined;
  /** Start the CLI as the leader of a new process group, so its whole tree can be signalled. */
  processGroup?: boolean | undefined;
}
