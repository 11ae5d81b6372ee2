import { describe, expect, it } from 'vitest';
import { installOfficial, mirroredVersion } from '../src/official-install.js';
import { repoPaths } from '../src/repo-paths.js';
import { compareShapes, type ShapeResult } from '../src/shape/compare-shapes.js';
import { extractSurface } from '../src/surface/extract-surface.js';
import { readAcceptedDifferences } from '../src/wire/accepted-differences.js';

/**
 * The runtime shape of every object a program gets (the query, its messages, `startup()`'s warm
 * query and its Query, `prewarm()`'s spare, `AbortError` made and thrown, the agent pool's query),
 * described from the official release hexagent mirrors and from hexagent as each runs against the
 * real CLI, and diffed: which members are own, on the immediate prototype or further up, which are
 * enumerable, the constructor, `instanceof`, the async iterator. The members of a query compared are
 * the release's own `Query` members (its sdk.d.ts), so the next release is checked as it is.
 * `pnpm compat:official` runs the same comparison for any release.
 */
describe('runtime shapes against the official release hexagent mirrors', () => {
  let result: ShapeResult;

  it('has no difference accepted-differences.json does not explain, and no stale entry', async () => {
    const install = await installOfficial(mirroredVersion(), () => {});
    const declared = Object.keys(extractSurface(install.packageDir).query);
    result = await compareShapes(install, declared, readAcceptedDifferences(repoPaths.accepted));
    const fresh = result.differences.filter((difference) => difference.accepted === undefined);
    expect(fresh.map((difference) => `${difference.id}: ${difference.text}`)).toEqual([]);
    expect(result.unusedAccepted.map((entry) => entry.id)).toEqual([]);
  }, 180_000);

  it('compares what it means to: the official Query keeps every control on its immediate prototype', () => {
    const official = result.official.query;
    expect(official?.members.interrupt).toEqual({ where: 'prototype', enumerable: false, kind: 'method' });
    expect(official?.members['Symbol(Symbol.asyncIterator)']?.where).toBe('prototype');
    for (const name of ['query', 'warm-query.query()', 'pool:query']) {
      expect(result.hexagent[name]?.members.setModel?.where, name).toBe('prototype');
    }
    expect(result.official['warm-query']?.prototype).toBe('plain');
    expect(Object.keys(result.official).filter((name) => name.startsWith('message:')).length).toBeGreaterThan(1);
    expect(result.official['abort-error-thrown']?.instanceOf).toBe('AbortError');
  });
});
