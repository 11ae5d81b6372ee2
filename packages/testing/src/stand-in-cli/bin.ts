#!/usr/bin/env node
/**
 * The stand-in CLI as an executable script: `node <this file> <the real CLI's flags>`, playing the
 * scenario in `HEXAGENT_STAND_IN_SCENARIO` (JSON) or the file named by
 * `HEXAGENT_STAND_IN_SCENARIO_FILE`, or the default scenario `{}`.
 */
import { runStandInCli } from './run-stand-in-cli.js';

runStandInCli();
