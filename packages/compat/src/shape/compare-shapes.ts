import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OfficialInstall } from '../official-install.js';
import type { AcceptedDifference, JudgedDifference } from '../wire/accepted-differences.js';
import { judgeDifferences } from '../wire/accepted-differences.js';
import { captureShapes, queryMemberNames, type ShapeSdk } from './capture-shapes.js';
import { diffShapes, type ShapeSet } from './diff-shapes.js';
import { poolShapes } from './pool-shapes.js';

/** The runtime-shape part of the catch-up report. */
export interface ShapeResult {
  /** The official release's objects. */
  official: ShapeSet;
  /** hexagent's, the agent pool's query among them (`pool:query`, compared with the official `query`). */
  hexagent: ShapeSet;
  /** Each difference, judged against the `shape/` entries of accepted-differences.json. */
  differences: JudgedDifference[];
  /** `shape/` entries no difference matched (stale). */
  unusedAccepted: AcceptedDifference[];
}

/** Accepted-list ids of the shape comparison start with this. */
export const SHAPE_ID_PREFIX = 'shape/';

/**
 * Runs the official release at `install` and `@hexagent/sdk` (and the agent pool) side by side
 * against the release's CLI, describes every object a program gets from each
 * ({@link captureShapes}), and diffs them. The members of a query compared are the release's own
 * `Query` members (`declaredQueryMembers`, from its `sdk.d.ts`) and the async-generator protocol,
 * so a release that adds a method is checked without an edit here.
 */
export async function compareShapes(
  install: OfficialInstall,
  declaredQueryMembers: readonly string[],
  accepted: readonly AcceptedDifference[],
): Promise<ShapeResult> {
  const official = (await import(pathToFileURL(join(install.packageDir, 'sdk.mjs')).href)) as ShapeSdk;
  const hexagent = (await import('@hexagent/sdk')) as ShapeSdk;
  const names = queryMemberNames(declaredQueryMembers);
  const [officialShapes, hexagentShapes] = await Promise.all([
    captureShapes(official, install.cliPath, names),
    captureShapes(hexagent, install.cliPath, names, (options) => poolShapes(options, names)),
  ]);
  const differences = diffShapes(officialShapes, hexagentShapes, (name) => (name.startsWith('pool:') ? 'query' : name));
  const { judged, unused } = judgeDifferences(
    differences,
    accepted.filter((entry) => entry.id.startsWith(SHAPE_ID_PREFIX)),
  );
  return { official: officialShapes, hexagent: hexagentShapes, differences: judged, unusedAccepted: unused };
}
