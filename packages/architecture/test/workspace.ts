import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The workspace root. */
export const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** A workspace package: its folder, manifest and source files. */
export interface WorkspacePackage {
  name: string;
  dir: string;
  manifest: {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    exports?: Record<string, unknown>;
  };
  /** Absolute paths of its TypeScript and JavaScript sources (src, test, scripts, bin; no dist). */
  files: string[];
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.turbo', '__fixtures__', '.scratch']);

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...listSources(path));
    else if (SOURCE.test(entry)) out.push(path);
  }
  return out.sort();
}

/** Every workspace package under `packages/` and `examples/`. */
export function workspacePackages(): WorkspacePackage[] {
  const packages: WorkspacePackage[] = [];
  for (const parent of ['packages', 'examples']) {
    for (const entry of readdirSync(join(ROOT, parent)).sort()) {
      const dir = join(ROOT, parent, entry);
      const manifestPath = join(dir, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as WorkspacePackage['manifest'] & {
        name: string;
      };
      const files = readdirSync(dir)
        .filter((name) => !SKIPPED_DIRS.has(name) && statSync(join(dir, name)).isDirectory())
        .flatMap((name) => listSources(join(dir, name)));
      packages.push({ name: manifest.name, dir, manifest, files });
    }
  }
  return packages;
}

/**
 * Every module specifier of a file: static imports and exports (`import type` and `export type`
 * included), `import()` (also in type positions) and `require()`. Comments are skipped, so an
 * `@example` is not taken for an import.
 */
export function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((imported) => imported.fileName);
}

/** Whether `file` is test code (tests, test helpers, fixtures), not shipped source. */
export function isTestFile(pkg: WorkspacePackage, file: string): boolean {
  const path = relative(pkg.dir, file).split(sep).join('/');
  return path.startsWith('test/') || path.startsWith('fixtures/') || /\.test(-d)?\.[cm]?[jt]sx?$/.test(path);
}

/** The workspace package a bare specifier names (`@hexagent/sdk/adapters` → `@hexagent/sdk`). */
export function packageOfSpecifier(specifier: string): { name: string; subpath: string } | undefined {
  const match = /^(@hexagent\/[^/]+)(\/.*)?$/.exec(specifier);
  if (match === null) return undefined;
  return { name: match[1] as string, subpath: match[2] === undefined ? '.' : `.${match[2]}` };
}

const CANDIDATES = (base: string): string[] => {
  const stem = base.replace(/\.(js|mjs|cjs)$/, '');
  return [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${stem}.cts`,
    `${base}.ts`,
    join(base, 'index.ts'),
    join(base, 'index.js'),
  ];
};

/** The file a relative specifier of `from` points at, or `undefined` when none exists. */
export function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return CANDIDATES(base).find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The strongly connected components of more than one node (and self-loops): the cycles of a graph. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Iterative Tarjan: the file graphs are deep enough to overflow a recursive one.
  for (const start of graph.keys()) {
    if (indexOf.has(start)) continue;
    const work: Array<{ node: string; next: Iterator<string> }> = [];
    const enter = (node: string) => {
      indexOf.set(node, index);
      low.set(node, index);
      index++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (graph.get(node) ?? new Set()).values() });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: Iterator<string> };
      const step = frame.next.next();
      if (!step.done) {
        const to = step.value;
        if (!indexOf.has(to)) enter(to);
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, indexOf.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === indexOf.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
