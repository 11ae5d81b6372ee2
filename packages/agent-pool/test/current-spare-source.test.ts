import { describe, expect, it } from 'vitest';
import { CurrentSpareSource } from '../src/current-spare-source.js';
import { prewarmSpareSource } from '../src/prewarm-spare-source.js';
import type { SpareSource } from '../src/spare-source.js';
import { SpareStartPolicy } from '../src/spare-start-policy.js';
import { startupSpareSource } from '../src/startup-spare-source.js';

const profile = { cwd: '/srv/app', model: 'claude-sonnet-4-5' };
/** Per-call options a startup spare (started with `profile`) cannot serve. */
const otherModel = { model: 'claude-opus-4-1' };

describe('CurrentSpareSource', () => {
  it("'auto': startup spares, then prewarm spares from the first query a startup spare cannot serve, once", () => {
    const spares = new CurrentSpareSource(new SpareStartPolicy('auto', false));
    expect([spares.source, spares.kind]).toEqual([startupSpareSource, 'startup']);
    expect(spares.fits(profile, { cwd: '/srv/app' })).toBe(true);
    expect(spares.switchFor(profile, { cwd: '/srv/app' })).toBeUndefined();
    expect(spares.fits(profile, otherModel)).toBe(false);
    expect(spares.switchFor(profile, otherModel)).toBe(prewarmSpareSource);
    expect([spares.source, spares.kind]).toEqual([prewarmSpareSource, 'prewarm']);
    expect(spares.fits(profile, otherModel)).toBe(true);
    // One switch, never back.
    expect(spares.switchFor(profile, otherModel)).toBeUndefined();
    expect(spares.source).toBe(prewarmSpareSource);
  });

  it("'auto' with recycle, and 'startup', never switch", () => {
    for (const policy of [new SpareStartPolicy('auto', true), new SpareStartPolicy('startup', false)]) {
      const spares = new CurrentSpareSource(policy);
      expect(spares.switchFor(profile, otherModel)).toBeUndefined();
      expect([spares.source, spares.kind]).toEqual([startupSpareSource, 'startup']);
    }
  });

  it('a fixed source is kept, and its kind told by whether it is the startup source', () => {
    const custom: SpareSource = { fits: () => false, prewarm: () => Promise.reject(new Error('not started here')) };
    const fixed = new CurrentSpareSource(custom);
    expect(fixed.switchFor(profile, otherModel)).toBeUndefined();
    expect([fixed.source, fixed.kind, fixed.fits(profile, undefined)]).toEqual([custom, 'prewarm', false]);
    expect(new CurrentSpareSource(startupSpareSource).kind).toBe('startup');
  });

  it('without spares: no source, every query fits, nothing to switch to', () => {
    const none = new CurrentSpareSource(undefined);
    expect([none.source, none.kind, none.fits(profile, otherModel)]).toEqual([undefined, 'prewarm', true]);
    expect(none.switchFor(profile, otherModel)).toBeUndefined();
  });
});
