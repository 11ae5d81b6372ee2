/**
 * Core's purity: it imports nothing at run time but its own files. No `node:` module, no npm
 * package, in the sources and in the built output (build first: `npx tsc -p tsconfig.build.json`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(packageRoot, 'src');
const distDir = join(packageRoot, 'dist');

function listFiles(dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...listFiles(path, keep));
    else if (keep(path)) out.push(path);
  }
  return out.sort();
}

/** Drops comments, so examples in doc comments are not taken for imports. Strings are kept. */
function stripComments(code: string): string {
  let out = '';
  let i = 0;
  while (i < code.length) {
    const char = code[i] as string;
    const next = code[i + 1];
    if (char === '/' && next === '/') {
      while (i < code.length && code[i] !== '\n') i++;
    } else if (char === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      i = end === -1 ? code.length : end + 2;
    } else if (char === '"' || char === "'" || char === '`') {
      let j = i + 1;
      while (j < code.length && code[j] !== char) j += code[j] === '\\' ? 2 : 1;
      out += code.slice(i, j + 1);
      i = j + 1;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

const SPECIFIER_PATTERNS = [
  // import x from '...', import { x } from '...', export * from '...', export { x } from '...', import type ...
  /\bfrom\s*(['"])([^'"\n]+)\1/g,
  // import '...' (side effect)
  /\bimport\s*(['"])([^'"\n]+)\1/g,
  // import('...'), also in .d.ts types: import("...").X
  /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
  // require('...')
  /\brequire\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
  // /// <reference types="..." /> (kept in .d.ts; comments are not stripped for this one)
];
const REFERENCE_PATTERN = /\/\/\/\s*<reference\s+(?:types|path|lib)\s*=\s*(['"])([^'"]+)\1/g;

/** Every import/export/require specifier in `code`. */
function specifiersOf(code: string): string[] {
  const found: string[] = [];
  const stripped = stripComments(code);
  for (const pattern of SPECIFIER_PATTERNS) {
    for (const match of stripped.matchAll(pattern)) found.push(match[2] as string);
  }
  for (const match of code.matchAll(REFERENCE_PATTERN)) found.push(`<reference ${match[2] as string}>`);
  return found;
}

const isRelative = (specifier: string): boolean => specifier.startsWith('./') || specifier.startsWith('../');

function violations(files: string[]): string[] {
  const bad: string[] = [];
  for (const file of files) {
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      if (!isRelative(specifier)) bad.push(`${relative(packageRoot, file)}: ${specifier}`);
    }
  }
  return bad;
}

describe('the specifier scanner', () => {
  it('finds static, dynamic and require specifiers and ignores comments', () => {
    const code = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "export * from './c.js';",
      "export { d } from 'node:fs';",
      "import 'reflect-metadata';",
      'const e = await import("execa");',
      "const f = require('ajv');",
      'type G = import("@modelcontextprotocol/sdk").X;',
      "// import { h } from 'commented-out';",
      "/* require('also-commented') */",
    ].join('\n');
    expect(specifiersOf(code)).toEqual(
      expect.arrayContaining([
        './a.js',
        '../b.js',
        './c.js',
        'node:fs',
        'reflect-metadata',
        'execa',
        'ajv',
        '@modelcontextprotocol/sdk',
      ]),
    );
    expect(specifiersOf(code)).not.toContain('commented-out');
    expect(specifiersOf(code)).not.toContain('also-commented');
  });

  it('finds the re-exports of index.ts (the scanner is not blind)', () => {
    const specifiers = specifiersOf(readFileSync(join(srcDir, 'index.ts'), 'utf8'));
    expect(specifiers.length).toBeGreaterThan(15);
    expect(specifiers).toContain('./session/session.js');
  });
});

/**
 * Time and randomness reach core through its clock and id source ports (`ports/clock.ts`,
 * `ports/id-source.ts`); only their default implementations touch the globals.
 */
const TIME_AND_RANDOMNESS_HOMES = [join('util', 'system-clock.ts'), join('util', 'random-id-source.ts')];

const TIME_AND_RANDOMNESS_GLOBALS: ReadonlyArray<[string, RegExp]> = [
  [
    'a global timer',
    /(?<![\w$.])(?:globalThis\.)?(?:setTimeout|clearTimeout|setInterval|clearInterval|setImmediate|clearImmediate)\s*\(/g,
  ],
  ['Date.now()', /(?<![\w$.])(?:globalThis\.)?Date\.now\s*\(/g],
  ['new Date()', /\bnew\s+(?:globalThis\.)?Date\s*\(\s*\)/g],
  ['performance.now()', /(?<![\w$.])(?:globalThis\.)?performance\.now\s*\(/g],
  ['crypto randomness', /(?<![\w$.])(?:globalThis\.)?crypto\.(?:randomUUID|getRandomValues)\b/g],
  ['Math.random()', /(?<![\w$.])(?:globalThis\.)?Math\.random\s*\(/g],
];

/**
 * True when the `(` ending at `open` starts a method's parameter list (`setTimeout(cb: () => void,
 * ms: number): TimerHandle {`): its `)` is followed by a return type or a body, never by what
 * follows a call.
 */
function isMethodDeclaration(code: string, open: number): boolean {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) return /^\s*[:{]/.test(code.slice(i + 1, i + 40));
  }
  return false;
}

/** The time and randomness globals `code` calls, by name and line (comments ignored). */
function timeAndRandomnessCalls(code: string): string[] {
  const stripped = stripComments(code);
  const found: string[] = [];
  for (const [name, pattern] of TIME_AND_RANDOMNESS_GLOBALS) {
    for (const match of stripped.matchAll(pattern)) {
      const end = match.index + match[0].length - 1;
      if (stripped[end] === '(' && isMethodDeclaration(stripped, end)) continue;
      const line = stripped.slice(0, match.index).split('\n').length;
      found.push(`${name} (${match[0].trim()}) near line ${line}`);
    }
  }
  return found;
}

describe('time and randomness in core', () => {
  it("the scanner finds global timers, clocks and random sources, and not the clock port's methods", () => {
    const code = [
      'const t = setTimeout(() => {}, 1);',
      'clearTimeout(t);',
      'globalThis.setInterval(f, 5);',
      'const now = Date.now();',
      'const date = new Date();',
      'const id = crypto.randomUUID();',
      'const r = Math.random();',
      'const p = performance.now();',
      'this.clock.setTimeout(f, 1); clock.clearTimeout(h); clock.now(); ids.uuid();',
      'const parsed = Date.parse(text); const when = new Date(ms);',
      'class C { setTimeout(callback: () => void, ms: number): unknown { return 1; } clearTimeout(h) {} }',
      '// setTimeout(commented, 1); Date.now()',
    ].join('\n');
    const found = timeAndRandomnessCalls(code);
    expect(found).toHaveLength(8);
    expect(found.join('\n')).not.toMatch(/near line (9|10|11|12)$/m);
  });

  it('no source file calls Date.now, the global timers, crypto.randomUUID or Math.random but the default clock and id source', () => {
    const files = listFiles(srcDir, (path) => path.endsWith('.ts') && !path.endsWith('.test.ts'));
    const offenders: string[] = [];
    for (const file of files) {
      const path = relative(srcDir, file);
      if (TIME_AND_RANDOMNESS_HOMES.includes(path)) continue;
      for (const call of timeAndRandomnessCalls(readFileSync(file, 'utf8'))) offenders.push(`${path}: ${call}`);
    }
    expect(offenders).toEqual([]);
    // The homes exist and do what the port says (the scanner is not blind to them).
    for (const home of TIME_AND_RANDOMNESS_HOMES) {
      expect(timeAndRandomnessCalls(readFileSync(join(srcDir, home), 'utf8')).length).toBeGreaterThan(0);
    }
  });
});

describe('@hexagent/core purity', () => {
  it('its sources import only relative paths (no node:, no npm package)', () => {
    const files = listFiles(srcDir, (path) => path.endsWith('.ts') && !path.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(10);
    expect(files.some((file) => file.endsWith(join('session', 'session.ts')))).toBe(true);
    expect(violations(files)).toEqual([]);
  });

  it('its built output (dist/**/*.js, *.d.ts) imports only relative paths', () => {
    if (!existsSync(join(distDir, 'index.js'))) {
      throw new Error(
        `packages/core/dist is missing (no ${relative(packageRoot, join(distDir, 'index.js'))}). ` +
          'Build core first: `npx tsc -p tsconfig.build.json` in packages/core (or `pnpm build`).',
      );
    }
    const files = listFiles(distDir, (path) => path.endsWith('.js') || path.endsWith('.d.ts'));
    expect(files.some((file) => file.endsWith('.d.ts'))).toBe(true);
    // Every source module was built (a stale dist would hide new imports).
    const sources = listFiles(srcDir, (path) => path.endsWith('.ts') && !path.endsWith('.test.ts'));
    for (const source of sources) {
      const built = join(distDir, relative(srcDir, source)).replace(/\.ts$/, '.js');
      expect(existsSync(built), `${relative(packageRoot, built)} is missing: rebuild core`).toBe(true);
    }
    expect(violations(files)).toEqual([]);
  });

  it('package.json declares no runtime dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) {
      const value = manifest[field];
      expect(
        value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0),
        `package.json "${field}" must be absent or empty, found ${JSON.stringify(value)}`,
      ).toBe(true);
    }
  });
});
