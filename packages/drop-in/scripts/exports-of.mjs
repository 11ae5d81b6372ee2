// What the export table (export-table.mjs) and `pnpm compat:official` (packages/compat) both read:
// the official names hexagent mirrors, their notes, and the names a declaration file exports.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** packages/drop-in. */
export const dropInRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** official-exports.txt: `{ kind, name }` for every name the mirrored official SDK exports. */
export function readOfficialExports() {
  return readFileSync(join(dropInRoot, 'official-exports.txt'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [kind = '', name = ''] = line.split(' ');
      return { kind, name };
    });
}

/** export-notes.json: why a name is not exported, or not the same. */
export function readExportNotes() {
  return JSON.parse(readFileSync(join(dropInRoot, 'export-notes.json'), 'utf8'));
}

/** The declaration file of the built `@hexagent/sdk`. */
export function hexagentDeclarations() {
  return new URL(import.meta.resolve('@hexagent/sdk')).pathname.replace(/\.js$/, '.d.ts');
}

/** Every name a declaration file exports, types and values. */
export function exportsOf(entry) {
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`cannot read the exports of ${entry}`);
  return new Set(checker.getExportsOfModule(module).map((symbol) => symbol.name));
}
