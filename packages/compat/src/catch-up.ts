import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EqualsCheckResult, runEqualsChecks } from './equals-check.js';
import { compareExports, type ExportComparison } from './exports/compare-exports.js';
import { installOfficial, mirroredVersion, type OfficialInstall } from './official-install.js';
import { repoPaths } from './repo-paths.js';
import { compareShapes, SHAPE_ID_PREFIX, type ShapeResult } from './shape/compare-shapes.js';
import { diffSurfaces, type SurfaceChange } from './surface/diff-surfaces.js';
import { extractSurface } from './surface/extract-surface.js';
import {
  type AcceptedDifference,
  type JudgedDifference,
  judgeDifferences,
  readAcceptedDifferences,
} from './wire/accepted-differences.js';
import { diffRecordings, type WireDifference } from './wire/diff-recordings.js';
import { readReference, recordWire, referenceProblems, selected, writeReference } from './wire/record-wire.js';
import type { WireRecording } from './wire/wire-recording.js';

/** What `pnpm compat:official` was asked to do. */
export interface CatchUpOptions {
  /** The official version to catch up with. */
  version: string;
  /** Record the wire (the slow part: two SDKs, every scenario, the real CLI). Default true. */
  wire?: boolean;
  /** Run drop-in's type-level checks against the release. Default true. */
  types?: boolean;
  /** Compare the runtime shape of every object a program gets (both SDKs run, a few seconds). Default true. */
  shapes?: boolean;
  /** Only these scenarios. */
  scenarios?: readonly string[];
  /** Write the official recordings as the release's reference (records the official side). */
  updateReferences?: boolean;
  /**
   * Record the official SDK too, even when the release has committed recordings (by default the
   * official side is those, and only hexagent is recorded).
   */
  recordOfficial?: boolean;
  /** Rewrite packages/drop-in/official-exports.txt with the release's exports. */
  writeExports?: boolean;
  log: (line: string) => void;
}

/** Everything the report says. */
export interface CatchUpResult {
  install: OfficialInstall;
  mirrored: string;
  exports: ExportComparison;
  surfaceChanges: SurfaceChange[];
  equals?: EqualsCheckResult;
  shapes?: ShapeResult;
  wire?: WireResult;
}

/** The wire part of a {@link CatchUpResult}. */
export interface WireResult {
  scenarios: string[];
  /** hexagent against the official release, each difference judged against the accepted list. */
  hexagent: JudgedDifference[];
  /** Accepted entries no difference matched (only meaningful when every scenario ran). */
  unusedAccepted: AcceptedDifference[];
  /** The official release against its own committed reference; `undefined` when it has none. */
  againstOwnReference?: WireDifference[];
  /** The official release against the mirrored version's reference (what the release changed on the wire). */
  againstMirrored?: WireDifference[];
  /** Where the references were written, with `updateReferences`. */
  referencesWritten?: string;
  /** Scenarios that did not run to their end, by SDK. */
  failures: string[];
  /** True when the official SDK was recorded in this run; false when its side is the committed recordings. */
  officialRecorded: boolean;
  /**
   * For the mirrored release: what is wrong with its committed official recordings (missing, or
   * of another SDK or CLI version than packages/drop-in's devDependency and its CLI). A problem for `--check`.
   */
  referenceProblems: string[];
}

/** Runs the whole comparison; the report is {@link renderReport}'s. */
export async function catchUp(options: CatchUpOptions): Promise<CatchUpResult> {
  const { log } = options;
  const mirrored = mirroredVersion();
  const install = await installOfficial(options.version, log);
  const mirroredInstall = mirrored === install.version ? install : await installOfficial(mirrored, log);
  log(`official ${install.version} at ${install.packageDir}; CLI ${install.cliVersion} at ${install.cliPath}`);
  const releaseSurface = extractSurface(install.packageDir);
  const surfaceChanges =
    mirroredInstall === install ? [] : diffSurfaces(extractSurface(mirroredInstall.packageDir), releaseSurface);
  const exports = await compareExports(releaseSurface.exports);
  if (options.writeExports) {
    const names = Object.keys(releaseSurface.exports).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const lines = names.map((name) => `${releaseSurface.exports[name]?.text ?? ''} ${name}`);
    writeFileSync(join(repoPaths.dropIn, 'official-exports.txt'), `${lines.join('\n')}\n`);
    log(`packages/drop-in/official-exports.txt written for ${install.version}`);
  }
  const result: CatchUpResult = { install, mirrored, exports, surfaceChanges };
  if (options.types !== false) {
    log('type-checking packages/drop-in against the release');
    result.equals = await runEqualsChecks(install.packageDir, install.version);
  }
  if (options.shapes !== false) {
    log('comparing the runtime shape of what each SDK gives a program');
    const accepted = readAcceptedDifferences(repoPaths.accepted);
    result.shapes = await compareShapes(install, Object.keys(releaseSurface.query), accepted);
  }
  if (options.wire !== false) result.wire = await compareWire(install, mirrored, options);
  return result;
}

async function compareWire(install: OfficialInstall, mirrored: string, options: CatchUpOptions): Promise<WireResult> {
  const own = readReference(install.version);
  const ownProblems = referenceProblems(own, install.version, install.cliVersion, options.scenarios);
  const useReference = !options.recordOfficial && !options.updateReferences && ownProblems.length === 0;
  if (!useReference) options.log('recording the official SDK too');
  const run = await recordWire(install, options.log, options.scenarios, useReference ? own : undefined);
  const scenarios = run.official.map((recording) => recording.scenario);
  const differences = run.official.flatMap((official, index) => {
    const hexagent = run.hexagent[index];
    return hexagent ? diffRecordings(official, hexagent) : [];
  });
  const wireAccepted = readAcceptedDifferences(repoPaths.accepted).filter(
    (entry) => !entry.id.startsWith(SHAPE_ID_PREFIX),
  );
  const { judged, unused } = judgeDifferences(differences, wireAccepted);
  const result: WireResult = {
    scenarios,
    hexagent: judged,
    unusedAccepted: options.scenarios?.length ? [] : unused,
    failures: [...run.official, ...run.hexagent]
      .filter((recording) => recording.failure !== undefined)
      .map((recording) => `${recording.scenario} (${recording.sdk}): ${recording.failure}`),
    officialRecorded: !useReference,
    referenceProblems: mirrored === install.version ? ownProblems : [],
  };
  if (own && !useReference) result.againstOwnReference = againstReference(own, run.official);
  if (mirrored !== install.version) {
    const reference = readReference(mirrored);
    if (reference) result.againstMirrored = againstReference(reference, run.official);
  }
  if (options.updateReferences) {
    result.referencesWritten = writeReference(run.official, selected(options.scenarios).length === scenarioCount());
  }
  return result;
}

function againstReference(reference: Map<string, WireRecording>, recordings: WireRecording[]): WireDifference[] {
  return recordings.flatMap((recording) => {
    const expected = reference.get(recording.scenario);
    if (!expected) return [{ id: `${recording.scenario}/reference`, text: 'no reference recording of this scenario' }];
    return diffRecordings(expected, recording);
  });
}

function scenarioCount(): number {
  return selected().length;
}

/** Where the reference recordings of a version are (for messages). */
export function referenceDir(version: string): string {
  return join(repoPaths.recordings, version);
}
