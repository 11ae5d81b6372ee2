import { describe, expect, it } from 'vitest';
import { parseOptions, runsSection, SECTIONS } from './options.js';

describe('parseOptions', () => {
  it('runs everything, five rounds, pinned, by default', () => {
    expect(parseOptions([])).toEqual({
      quick: false,
      rounds: 5,
      startupRuns: 7,
      realCliRuns: 5,
      only: undefined,
      json: undefined,
      pin: true,
      settleMs: 1500,
    });
  });

  it('--quick: one round and one run of each', () => {
    expect(parseOptions(['--quick'])).toMatchObject({ quick: true, rounds: 1, startupRuns: 1, realCliRuns: 1 });
  });

  it('--rounds overrides the default, also with --quick', () => {
    expect(parseOptions(['--rounds=3']).rounds).toBe(3);
    expect(parseOptions(['--quick', '--rounds=4']).rounds).toBe(4);
  });

  it('--real-cli-runs sets the runs against the real CLI, also with --quick; a bad value throws', () => {
    expect(parseOptions(['--real-cli-runs=12']).realCliRuns).toBe(12);
    expect(parseOptions(['--quick', '--real-cli-runs=3']).realCliRuns).toBe(3);
    expect(() => parseOptions(['--real-cli-runs=0'])).toThrow(
      '--real-cli-runs takes a whole number of at least 1, got "0"',
    );
    expect(() => parseOptions(['--real-cli-runs=many'])).toThrow('got "many"');
  });

  it('--only takes a comma-separated list of sections', () => {
    const options = parseOptions(['--only=sequential,stream']);
    expect(options.only).toEqual(['sequential', 'stream']);
    expect(SECTIONS.filter((section) => runsSection(options, section))).toEqual(['sequential', 'stream']);
    expect(SECTIONS.filter((section) => runsSection(parseOptions([]), section))).toEqual([...SECTIONS]);
  });

  it('--only with an unknown section throws, naming it and the known ones', () => {
    expect(() => parseOptions(['--only=stream,warp'])).toThrow(
      'unknown sections warp; known: sequential, concurrent, stream, memory, startup, real-cli',
    );
  });

  it('--json names a file; --no-pin turns pinning off', () => {
    expect(parseOptions(['--json=out.json', '--no-pin'])).toMatchObject({ json: 'out.json', pin: false });
    expect(parseOptions(['--json']).json).toBe('');
  });

  it('reads an option by its whole name, not by a prefix', () => {
    expect(parseOptions(['--quickly']).quick).toBe(false);
    expect(parseOptions(['--only-not=x']).only).toBeUndefined();
  });
});
