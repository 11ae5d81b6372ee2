import type { StandInScenario } from './stand-in-scenario.js';

/** The environment variable that carries a scenario for the stand-in CLI, as JSON. */
export const STAND_IN_SCENARIO_ENV = 'HEXAGENT_STAND_IN_SCENARIO';

/** The environment variable that names a file holding a scenario for the stand-in CLI (JSON). */
export const STAND_IN_SCENARIO_FILE_ENV = 'HEXAGENT_STAND_IN_SCENARIO_FILE';

/**
 * The environment that hands `scenario` to a stand-in started from {@link STAND_IN_CLI_PATH}:
 * merge it into the CLI's env (`options.env`).
 */
export function standInCliEnv(scenario: StandInScenario): Record<string, string> {
  return { [STAND_IN_SCENARIO_ENV]: JSON.stringify(scenario) };
}
