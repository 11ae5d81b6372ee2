import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = dirname(fileURLToPath(import.meta.url));

/** Bare module specifiers reachable from `entry` through relative imports (type-only imports skipped). */
function externalImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gms)) {
      const [, typeOnly, specifier] = match;
      if (typeOnly !== undefined || specifier === undefined) continue;
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else external.add(specifier);
    }
  };
  visit(join(srcDir, entry));
  return external;
}

describe('entry points', () => {
  it('the main entry loads only node: built-ins and @hexagent/core at run time (no vitest)', () => {
    const imports = [...externalImports('index.ts')];
    expect(imports.filter((specifier) => !specifier.startsWith('node:'))).toEqual(['@hexagent/core']);
  });

  it('the stand-in CLI script and its entry load only node: built-ins, so the process starts fast', () => {
    for (const entry of ['stand-in-cli/bin.ts', 'stand-in-cli.ts']) {
      expect([...externalImports(entry)].filter((specifier) => !specifier.startsWith('node:'))).toEqual([]);
    }
  });

  it('the conformance entry is where vitest comes in', () => {
    expect(externalImports('conformance.ts')).toContain('vitest');
  });
});
