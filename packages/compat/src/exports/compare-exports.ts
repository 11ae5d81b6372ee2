import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoPaths } from '../repo-paths.js';
import type { SurfaceSection } from '../surface/dts-surface.js';

/** An exported name and its kind (`type`, `function`, ...). */
export interface NamedExport {
  name: string;
  kind: string;
}

/** A release's exported names against what hexagent mirrors and exports. */
export interface ExportComparison {
  /** In the release, not in packages/drop-in/official-exports.txt (the mirrored list). */
  added: NamedExport[];
  /** In the mirrored list, gone from the release. */
  removed: NamedExport[];
  /** In both, of another kind. */
  kindChanged: Array<{ name: string; before: string; after: string }>;
  /** In the release, not exported by `@hexagent/sdk`, and no note in export-notes.json says why. */
  missingInHexagent: string[];
  /** Notes in export-notes.json for names the release no longer has. */
  staleNotes: string[];
  /** How many of the release's names `@hexagent/sdk` exports. */
  provided: number;
  total: number;
}

/** The shared reader of packages/drop-in (the export table uses it too). */
interface DropInExports {
  readOfficialExports(): NamedExport[];
  readExportNotes(): Record<string, { status: string; note: string }>;
  hexagentDeclarations(): string;
  exportsOf(entry: string): Set<string>;
}

/** Compares a release's exports (from its d.ts) with the mirrored list, the notes and `@hexagent/sdk`'s exports. */
export async function compareExports(release: SurfaceSection): Promise<ExportComparison> {
  const dropIn = (await import(
    pathToFileURL(join(repoPaths.dropIn, 'scripts', 'exports-of.mjs')).href
  )) as DropInExports;
  const mirrored = new Map(dropIn.readOfficialExports().map((entry) => [entry.name, entry.kind]));
  const notes = dropIn.readExportNotes();
  const hexagent = dropIn.exportsOf(dropIn.hexagentDeclarations());
  const names = Object.keys(release);
  return {
    added: names.filter((name) => !mirrored.has(name)).map((name) => ({ name, kind: release[name]?.text ?? '' })),
    removed: [...mirrored].filter(([name]) => release[name] === undefined).map(([name, kind]) => ({ name, kind })),
    kindChanged: names.flatMap((name) => {
      const before = mirrored.get(name);
      const after = release[name]?.text ?? '';
      return before !== undefined && before !== after ? [{ name, before, after }] : [];
    }),
    missingInHexagent: names.filter((name) => !hexagent.has(name) && notes[name] === undefined),
    staleNotes: Object.keys(notes).filter((name) => release[name] === undefined),
    provided: names.filter((name) => hexagent.has(name)).length,
    total: names.length,
  };
}
