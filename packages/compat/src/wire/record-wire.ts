import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OfficialInstall } from '../official-install.js';
import { repoPaths } from '../repo-paths.js';
import { normaliseRecording } from './normalise-recording.js';
import { recordScenario } from './record-scenario.js';
import type { Scenario, SdkApi, SdkUnderTest } from './scenario.js';
import { SCENARIOS } from './scenarios/index.js';
import { parseRecording, serialiseRecording, type WireRecording } from './wire-recording.js';

/** Both SDKs' recordings of the same scenarios against the same CLI. */
export interface WireRun {
  official: WireRecording[];
  hexagent: WireRecording[];
}

/**
 * Records every scenario (or those named in `only`) from the official release and from
 * `@hexagent/sdk`, against the release's CLI; the two SDKs of one scenario run side by side.
 * With `reference` (the release's committed official recordings), only hexagent is recorded, two
 * scenarios at a time, and the official side is the reference's.
 */
export async function recordWire(
  official: OfficialInstall,
  log: (line: string) => void,
  only?: readonly string[],
  reference?: ReadonlyMap<string, WireRecording>,
): Promise<WireRun> {
  const hexagentSdk: SdkUnderTest = {
    name: 'hexagent',
    version: hexagentVersion(),
    api: (await import('@hexagent/sdk')) as SdkApi,
  };
  const cli = { path: official.cliPath, version: official.cliVersion };
  const scenarios = selected(only);
  if (reference !== undefined) return recordAgainstReference(scenarios, reference, hexagentSdk, cli, log);
  const officialSdk: SdkUnderTest = {
    name: 'official',
    version: official.version,
    api: (await import(pathToFileURL(join(official.packageDir, 'sdk.mjs')).href)) as SdkApi,
  };
  const run: WireRun = { official: [], hexagent: [] };
  for (const scenario of scenarios) {
    const started = Date.now();
    const [fromOfficial, fromHexagent] = await Promise.all([
      recordScenario(scenario, officialSdk, cli),
      recordScenario(scenario, hexagentSdk, cli),
    ]);
    run.official.push(normaliseRecording(fromOfficial));
    run.hexagent.push(normaliseRecording(fromHexagent));
    log(`recorded ${scenario.name} (${Date.now() - started} ms)`);
  }
  return run;
}

/** hexagent's side only, two scenarios at a time (as many CLIs as the two-SDK run has); the official side from `reference`. */
async function recordAgainstReference(
  scenarios: readonly Scenario[],
  reference: ReadonlyMap<string, WireRecording>,
  sdk: SdkUnderTest,
  cli: { path: string; version: string },
  log: (line: string) => void,
): Promise<WireRun> {
  const recorded = new Map<string, WireRecording>();
  const queue = [...scenarios];
  const worker = async () => {
    for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) {
      const started = Date.now();
      recorded.set(scenario.name, normaliseRecording(await recordScenario(scenario, sdk, cli)));
      log(`recorded ${scenario.name}, hexagent only (${Date.now() - started} ms)`);
    }
  };
  await Promise.all([worker(), worker()]);
  const run: WireRun = { official: [], hexagent: [] };
  for (const scenario of scenarios) {
    const official = reference.get(scenario.name);
    const hexagent = recorded.get(scenario.name);
    if (official === undefined) throw new Error(`no committed official recording of ${scenario.name}`);
    if (hexagent !== undefined) {
      run.official.push(official);
      run.hexagent.push(hexagent);
    }
  }
  return run;
}

/**
 * What is wrong with `reference` as the committed official recordings of `version` on CLI
 * `cliVersion`: a scenario without a recording, or a recording of another SDK or CLI version.
 * Empty when it can stand in for recording the official side.
 */
export function referenceProblems(
  reference: ReadonlyMap<string, WireRecording> | undefined,
  version: string,
  cliVersion: string,
  only?: readonly string[],
): string[] {
  if (reference === undefined) return [`no committed official recordings of ${version}`];
  const problems: string[] = [];
  for (const scenario of selected(only)) {
    const recording = reference.get(scenario.name);
    if (recording === undefined) problems.push(`${scenario.name}: no committed official recording`);
    else if (recording.sdk !== 'official' || recording.sdkVersion !== version || recording.cliVersion !== cliVersion) {
      problems.push(
        `${scenario.name}: the committed recording is of ${recording.sdk} ${recording.sdkVersion} on CLI ${recording.cliVersion}, not official ${version} on CLI ${cliVersion}`,
      );
    }
  }
  return problems;
}

/** The scenarios named in `only` (every one when absent). */
export function selected(only?: readonly string[]): Scenario[] {
  if (only === undefined || only.length === 0) return [...SCENARIOS];
  const unknown = only.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) {
    throw new Error(`no scenario ${unknown.join(', ')}; there are ${SCENARIOS.map((s) => s.name).join(', ')}`);
  }
  return SCENARIOS.filter((scenario) => only.includes(scenario.name));
}

/** The committed reference recordings of an official version, by scenario; `undefined` when there are none. */
export function readReference(version: string): Map<string, WireRecording> | undefined {
  const dir = join(repoPaths.recordings, version);
  if (!existsSync(dir)) return undefined;
  const recordings = new Map<string, WireRecording>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.jsonl'))) {
    const recording = parseRecording(readFileSync(join(dir, file), 'utf8'));
    recordings.set(recording.scenario, recording);
  }
  return recordings;
}

/** Writes the official recordings as the reference of their version (replacing the folder when all scenarios ran). */
export function writeReference(recordings: readonly WireRecording[], complete: boolean): string {
  const version = recordings[0]?.sdkVersion;
  if (version === undefined) throw new Error('no recording to write');
  const dir = join(repoPaths.recordings, version);
  if (complete) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const recording of recordings)
    writeFileSync(join(dir, `${recording.scenario}.jsonl`), serialiseRecording(recording));
  return dir;
}

function hexagentVersion(): string {
  const manifest = createRequire(join(repoPaths.compat, 'package.json'))('@hexagent/sdk/package.json') as {
    version: string;
  };
  return manifest.version;
}
