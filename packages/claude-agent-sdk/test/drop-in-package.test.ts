/**
 * The drop-in package: its version is the official release hexagent mirrors (packages/drop-in's
 * devDependency, the one `pnpm compat:official` catches up with), so an instrumentation that gates
 * on `@anthropic-ai/claude-agent-sdk`'s version judges the release whose behaviour it gets; its entry
 * is `sdk.mjs`, as the official's, and serves every name of `@hexagent/sdk`, with `query` declared
 * there by that name.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as hexagent from '@hexagent/sdk';
import { describe, expect, it } from 'vitest';
import * as dropIn from '../sdk.mjs';

const here = (path: string) => new URL(`../${path}`, import.meta.url);
const manifest = JSON.parse(readFileSync(here('package.json'), 'utf8')) as {
  version: string;
  main: string;
  exports: Record<string, { default?: string; types?: string }>;
  mirrors: Record<string, string>;
  devDependencies: Record<string, string>;
};
const OFFICIAL = '@anthropic-ai/claude-agent-sdk';
/** The official package's manifest (it exports no `./package.json`: read beside its entry). */
const officialManifest = () =>
  JSON.parse(readFileSync(join(dirname(createRequire(import.meta.url).resolve(OFFICIAL)), 'package.json'), 'utf8')) as {
    version: string;
    main: string;
    exports: Record<string, { default?: string; types?: string }>;
  };

describe('@hexagent/claude-agent-sdk', () => {
  it("is versioned as the official release hexagent mirrors, exactly (no prerelease, no build metadata: npm's ranges and registry would not take them as that release)", () => {
    const mirrored = (
      JSON.parse(readFileSync(here('../drop-in/package.json'), 'utf8')) as { devDependencies: Record<string, string> }
    ).devDependencies[OFFICIAL];
    expect(manifest.version).toBe(mirrored);
    expect(manifest.mirrors[OFFICIAL]).toBe(mirrored);
    expect(manifest.devDependencies[OFFICIAL]).toBe(mirrored);
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(officialManifest().version).toBe(mirrored);
  });

  it("has the official's entry points: sdk.mjs for '.', and ./sdk-tools", () => {
    const official = officialManifest();
    expect(manifest.main).toBe(official.main);
    expect(manifest.exports['.']).toEqual(official.exports['.']);
    expect(manifest.exports['./sdk-tools']).toEqual(official.exports['./sdk-tools']);
  });

  it('serves every name @hexagent/sdk exports; query() is declared in sdk.mjs by that name and is hexagent’s', () => {
    expect(Object.keys(dropIn).sort()).toEqual(Object.keys(hexagent).sort());
    for (const name of Object.keys(hexagent).filter((key) => key !== 'query')) {
      expect((dropIn as Record<string, unknown>)[name], name).toBe((hexagent as Record<string, unknown>)[name]);
    }
    expect(readFileSync(here('sdk.mjs'), 'utf8')).toMatch(/^function query\(/m);
    const run = dropIn.query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: '/nonexistent/claude' } });
    expect(run.constructor.name).toBe('QueryImpl');
    return run.return();
  });
});
