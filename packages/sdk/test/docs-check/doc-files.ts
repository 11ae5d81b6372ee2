/** The user-facing documents of the repository and the source they describe, read once. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** One document: its path from the root and its text. */
export interface Doc {
  path: string;
  text: string;
}

/** README.md, docs/*.md and every package's and example's README.md. */
export function userDocs(): Doc[] {
  const paths = ['README.md'];
  for (const file of readdirSync(join(REPO, 'docs'))) if (file.endsWith('.md')) paths.push(join('docs', file));
  for (const group of ['packages', 'examples']) {
    for (const name of readdirSync(join(REPO, group))) {
      const readme = join(group, name, 'README.md');
      if (existsSync(join(REPO, readme))) paths.push(readme);
    }
  }
  return paths.map((path) => ({ path, text: readFileSync(join(REPO, path), 'utf8') }));
}

/**
 * Every TypeScript and JavaScript file of the packages and examples (builds left out): sources,
 * scripts and bins, and with `withTests` the tests too.
 */
export function sourceFiles(withTests = false): Doc[] {
  const files: Doc[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(?:ts|mts|mjs|js)$/.test(name) && (withTests || !/\.test(?:-d)?\.ts$/.test(name))) {
        files.push({ path: relative(REPO, path), text: readFileSync(path, 'utf8') });
      }
    }
  };
  for (const group of ['packages', 'examples']) {
    for (const name of readdirSync(join(REPO, group))) {
      for (const part of withTests ? ['src', 'scripts', 'bin', 'test'] : ['src', 'scripts', 'bin']) {
        const dir = join(REPO, group, name, part);
        if (existsSync(dir)) walk(dir);
      }
    }
  }
  return files;
}

/** The 1-based line of `index` in `text`, for a failure message. */
export function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** The paragraphs of `text` (blocks between blank lines), each with where it starts. */
export function paragraphs(text: string): Array<{ text: string; index: number }> {
  const found: Array<{ text: string; index: number }> = [];
  const pattern = /(?:[^\n]+\n?)+/g;
  for (const match of text.matchAll(pattern)) found.push({ text: match[0], index: match.index ?? 0 });
  return found;
}
