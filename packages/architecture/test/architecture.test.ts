/**
 * The shape of the workspace, checked on the sources (static and type-only imports, `export … from`,
 * `import()`, `require()`), so docs/architecture.md cannot drift from it:
 * - every package sits in one layer of `LAYERS` (test/layers.ts), and its manifest's dependencies and
 *   its shipped sources' imports follow the layers: an adapter never imports another adapter;
 * - a package imports only what its manifest declares, only through another package's public
 *   entries (`exports`), and never reaches into another package by a relative path;
 * - no cycle between packages (dev dependencies included) and none between the files of a package;
 * - docs/architecture.md names every package under packages/.
 * What already broke a rule when this test was written is listed below as known, with why; a known
 * entry that no longer happens fails the test too, so the list only shrinks.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYERS, layerOf, mayDependOn } from './layers.js';
import {
  cyclesOf,
  importsOf,
  isTestFile,
  packageOfSpecifier,
  ROOT,
  resolveRelative,
  type WorkspacePackage,
  workspacePackages,
} from './workspace.js';

/** Layer violations that predate this test. */
const KNOWN_LAYER_VIOLATIONS: readonly string[] = [
  // The relay's and the command-wrapper example's end-to-end tests run the calculator example's
  // built tools; the example has no `exports`.
  'deep import: @hexagent/example-command-wrapper-transport test/real-cli.test.ts imports @hexagent/example-calculator/dist/calculator.js, not in its exports',
  'deep import: @hexagent/example-command-wrapper-transport test/real-cli.test.ts imports @hexagent/example-calculator/dist/scripted-calculator-model.js, not in its exports',
  'deep import: @hexagent/relay test/e2e/relay-calculator.test.ts imports @hexagent/example-calculator/dist/calculator.js, not in its exports',
  'deep import: @hexagent/relay test/e2e/relay-calculator.test.ts imports @hexagent/example-calculator/dist/scripted-calculator-model.js, not in its exports',
];

/** File cycles that predate this test, by package (files relative to the package, sorted). */
const KNOWN_FILE_CYCLES: readonly string[] = [];

const packages = workspacePackages();
const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
const rel = (pkg: WorkspacePackage, file: string) => relative(pkg.dir, file).split(sep).join('/');
const layerName = (name: string) => layerOf(name)?.name ?? 'no layer';

function runtimeDependencies(pkg: WorkspacePackage): string[] {
  const { dependencies, peerDependencies, optionalDependencies } = pkg.manifest;
  return [
    ...Object.keys(dependencies ?? {}),
    ...Object.keys(peerDependencies ?? {}),
    ...Object.keys(optionalDependencies ?? {}),
  ];
}

function allDependencies(pkg: WorkspacePackage): string[] {
  return [...runtimeDependencies(pkg), ...Object.keys(pkg.manifest.devDependencies ?? {})];
}

function exportsSubpath(target: WorkspacePackage, subpath: string): boolean {
  const exported = target.manifest.exports;
  if (exported === undefined) return subpath === '.';
  return Object.hasOwn(exported, subpath);
}

/** Every rule broken, one line each. */
function layerViolations(): string[] {
  const found = new Set<string>();
  for (const pkg of packages) {
    for (const dependency of runtimeDependencies(pkg)) {
      if (!byName.has(dependency) || mayDependOn(pkg.name, dependency)) continue;
      found.add(`manifest: ${pkg.name} depends on ${dependency} (${layerName(pkg.name)} → ${layerName(dependency)})`);
    }
    for (const file of pkg.files) {
      const test = isTestFile(pkg, file);
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith('.')) {
          const target = resolveRelative(file, specifier);
          if (target !== undefined && relative(pkg.dir, target).startsWith('..')) {
            found.add(`relative: ${pkg.name} ${rel(pkg, file)} reaches out of its package (${specifier})`);
          }
          continue;
        }
        const named = packageOfSpecifier(specifier);
        if (named === undefined || named.name === pkg.name) continue;
        const target = byName.get(named.name);
        if (target === undefined) {
          found.add(`import: ${pkg.name} ${rel(pkg, file)} imports ${specifier}, not a workspace package`);
          continue;
        }
        if (!exportsSubpath(target, named.subpath)) {
          found.add(`deep import: ${pkg.name} ${rel(pkg, file)} imports ${specifier}, not in its exports`);
        }
        const declared = test ? allDependencies(pkg) : runtimeDependencies(pkg);
        if (!declared.includes(named.name)) {
          found.add(`undeclared: ${pkg.name} ${rel(pkg, file)} imports ${named.name}, not in its manifest`);
        }
        if (!test && !mayDependOn(pkg.name, named.name)) {
          found.add(
            `import: ${pkg.name} src imports ${named.name} (${layerName(pkg.name)} → ${layerName(named.name)})`,
          );
        }
      }
    }
  }
  return [...found].sort();
}

function packageCycles(): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const pkg of packages) graph.set(pkg.name, new Set(allDependencies(pkg).filter((name) => byName.has(name))));
  return cyclesOf(graph);
}

function fileCycles(): string[] {
  const found: string[] = [];
  for (const pkg of packages) {
    const graph = new Map<string, Set<string>>();
    for (const file of pkg.files) {
      const edges = new Set<string>();
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = resolveRelative(file, specifier);
        if (target !== undefined && !relative(pkg.dir, target).startsWith('..')) edges.add(target);
      }
      graph.set(file, edges);
    }
    for (const cycle of cyclesOf(graph)) found.push(`${pkg.name}: ${cycle.map((file) => rel(pkg, file)).join(' ⇄ ')}`);
  }
  return found.sort();
}

/** What `found` adds to `known`, and what `known` lists that no longer happens. */
function against(found: readonly string[], known: readonly string[]) {
  return {
    unexpected: found.filter((line) => !known.includes(line)),
    stale: known.filter((line) => !found.includes(line)),
  };
}

describe('the layers', () => {
  it('place every workspace package exactly once, and only existing ones', () => {
    const placed = LAYERS.flatMap((layer) => layer.packages);
    expect(packages.map((pkg) => pkg.name).filter((name) => layerOf(name) === undefined)).toEqual([]);
    expect(placed.filter((name) => !byName.has(name))).toEqual([]);
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('hold for every manifest and every import (adapters never import adapters; public entries only)', () => {
    expect(against(layerViolations(), KNOWN_LAYER_VIOLATIONS)).toEqual({ unexpected: [], stale: [] });
  });

  it('keep the relay below the facade and beside composition, not on it', () => {
    // The relay runs what a client's hello asks within its policy; composing a session (compose,
    // the facade) would put the client-side rules into the most trusted process.
    expect(mayDependOn('@hexagent/relay', '@hexagent/transport-cli')).toBe(true);
    expect(mayDependOn('@hexagent/relay', '@hexagent/compose')).toBe(false);
    expect(mayDependOn('@hexagent/relay', '@hexagent/sdk')).toBe(false);
    expect(mayDependOn('@hexagent/compose', '@hexagent/relay')).toBe(false);
    expect(mayDependOn('@hexagent/compose', '@hexagent/doctor')).toBe(true);
  });

  it('core depends on no workspace package, not even in its tests', () => {
    const core = byName.get('@hexagent/core') as WorkspacePackage;
    expect(allDependencies(core).filter((name) => byName.has(name))).toEqual([]);
  });
});

describe('cycles', () => {
  it('none between packages (dev dependencies included)', () => {
    expect(packageCycles()).toEqual([]);
  });

  it('none between the files of a package (type-only imports included)', () => {
    expect(against(fileCycles(), KNOWN_FILE_CYCLES)).toEqual({ unexpected: [], stale: [] });
  });
});

describe('docs/architecture.md', () => {
  it('names every package under packages/', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const missing = packages
      .filter((pkg) => relative(ROOT, pkg.dir).startsWith('packages'))
      .filter((pkg) => !doc.includes(pkg.name) && !doc.includes(relative(ROOT, pkg.dir).split(sep).join('/')))
      .map((pkg) => pkg.name);
    expect(missing).toEqual([]);
  });
});
