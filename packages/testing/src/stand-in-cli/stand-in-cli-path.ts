import { fileURLToPath } from 'node:url';

/**
 * The stand-in CLI's executable script (JavaScript, run by node): pass it as
 * `pathToClaudeCodeExecutable`, with the scenario in the CLI's env ({@link standInCliEnv}), or run
 * `node STAND_IN_CLI_PATH <flags>` yourself.
 */
export const STAND_IN_CLI_PATH: string = fileURLToPath(new URL('./bin.js', import.meta.url));
