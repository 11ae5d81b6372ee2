import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { hermeticCliEnv, ScriptedModelServer } from '@hexagent/testing';
import { z } from 'zod';
import { type RawSpawn, RecordingSpawner } from './recording-spawner.js';
import { RunSignals, type Scenario, type SdkUnderTest } from './scenario.js';

/** One scenario as run against one SDK, before normalisation. */
export interface RawRecording {
  scenario: string;
  sdk: SdkUnderTest['name'];
  spawns: RawSpawn[];
  /** What the app saw, in order (message kinds, control answers, how iterations ended). */
  saw: string[];
  /** The run's own places and names, replaced by placeholders when normalised. */
  places: RecordingPlaces;
  /** Set when the scenario itself failed (timed out, threw outside an iteration). */
  failure?: string;
}

/** What {@link normaliseRecording} replaces: temporary paths, the model server's port, versions. */
export interface RecordingPlaces {
  home: string;
  cwd: string;
  cli: string;
  port: number;
  sdkVersion: string;
  cliVersion: string;
}

/** How long one scenario may take before it is failed (the CLI's cold start is ~0.5 s). */
export const SCENARIO_TIMEOUT_MS = 120_000;

/**
 * Runs `scenario` against `sdk` and the real CLI at `cli`: a fresh scripted model server and
 * hermetic home, a working directory inside it, every CLI process through a {@link RecordingSpawner}.
 * Waits for every process to exit before it returns; kills what is left on a failure.
 */
export async function recordScenario(
  scenario: Scenario,
  sdk: SdkUnderTest,
  cli: { path: string; version: string },
): Promise<RawRecording> {
  const signals = new RunSignals();
  const { script } = scenario;
  const server = await ScriptedModelServer.start('withSignals' in script ? script.withSignals(signals) : script);
  const hermetic = await hermeticCliEnv({ baseUrl: server.url });
  const cwd = join(hermetic.homeDir, 'project');
  await mkdir(cwd, { recursive: true });
  const spawner = new RecordingSpawner();
  const saw: string[] = [];
  const recording: RawRecording = {
    scenario: scenario.name,
    sdk: sdk.name,
    spawns: spawner.spawns,
    saw,
    places: {
      home: hermetic.homeDir,
      cwd,
      cli: cli.path,
      port: Number(new URL(server.url).port),
      sdkVersion: sdk.version,
      cliVersion: cli.version,
    },
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = scenario.run({
      sdk: sdk.api,
      z,
      server,
      saw: (event) => saw.push(event),
      signals,
      options: { pathToClaudeCodeExecutable: cli.path, env: hermetic.env, cwd, spawnClaudeCodeProcess: spawner.spawn },
    });
    run.catch(() => {}); // a failure after the timeout is the timeout's
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${SCENARIO_TIMEOUT_MS} ms`)), SCENARIO_TIMEOUT_MS);
    });
    await Promise.race([run, timeout]);
    await Promise.race([spawner.closed(), timeout]);
  } catch (error) {
    recording.failure = error instanceof Error ? error.message : String(error);
    spawner.killAll();
    await spawner.closed();
  } finally {
    clearTimeout(timer);
    await server.close();
    await hermetic.cleanup().catch(() => {});
  }
  return recording;
}
