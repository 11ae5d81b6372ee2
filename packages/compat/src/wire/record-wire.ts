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
 */
export async function recordWire(
  official: OfficialInstall,
  log: (line: string) => void,
  only?: readonly string[],
): Promise<WireRun> {
  const officialSdk: SdkUnderTest = {
    name: 'official',
    version: official.version,
    api: (await import(pathToFileURL(join(official.packageDir, 'sdk.mjs')).href)) as SdkApi,
  };
  const hexagentSdk: SdkUnderTest = {
    name: 'hexagent',
    version: hexagentVersion(),
    api: (await import('@hexagent/sdk')) as SdkApi,
  };
  const cli = { path: official.cliPath, version: official.cliVersion };
  const run: WireRun = { official: [], hexagent: [] };
  for (const scenario of selected(only)) {
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
