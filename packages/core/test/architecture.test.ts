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
