import { fileURLToPath } from 'node:url';

/**
 * The stand-in CLI's executable script (JavaScript, run by node): pass it as
 * `pathToClaudeCodeExecutable`, with the scenario in the CLI's env ({@link standInCliEnv}), or run
 * `node STAND_IN_CLI_PATH <flags>` yourself.
 */
export const STAND_IN_CLI_PATH: string = fileURLToPath(new URL('./bin.js', import.meta.url));

/** The module whose `runStandInCli` an installed stand-in's launcher calls. */
export const STAND_IN_RUN_MODULE_URL: string = new URL('./run-stand-in-cli.js', import.meta.url).href;
