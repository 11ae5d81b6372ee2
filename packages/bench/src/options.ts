/** The sections of a bench run, in the order they run. */
export const SECTIONS = [
  'sequential',
  'concurrent',
  'stream',
  'memory',
  'startup',
  'real-cli',
  'first-message',
  'sessions',
] as const;

/** One section of a bench run (see {@link SECTIONS}). */
export type Section = (typeof SECTIONS)[number];

/** What the command line asked for (see the options in main.ts). */
export interface BenchOptions {
  /** `--quick`: one round of small workloads, one run of the rest (a smoke run). */
  quick: boolean;
  /** `--rounds=<n>`: rounds of the stand-in trials (default 5, or 1 with `--quick`). */
  rounds: number;
  /** Fresh processes per startup measurement (7, or 1 with `--quick`). */
  startupRuns: number;
  /** `--real-cli-runs=<n>`: runs per client (and per start in first-message) against the real CLI (5, or 1 with `--quick`). */
  realCliRuns: number;
  /** `--only=<sections>`: the sections to run; undefined runs all. */
  only: readonly Section[] | undefined;
  /** `--json=<file>`: also write every raw result there (undefined or empty: do not). */
  json: string | undefined;
  /** False with `--no-pin`: never pin the sequential trials to a CPU. */
  pin: boolean;
  /** `--settle-ms=<n>`: how long first-message's warm starts wait once ready before their query (1500). */
  settleMs: number;
}

/** A whole number of at least 1 from `--name=<n>`, or undefined when the option is absent. */
function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a whole number of at least 1, got "${value}"`);
  return n;
}

/**
 * Reads the bench's options from `args` (`process.argv.slice(2)`). An option is `--name` or
 * `--name=value`; the value is what follows the first `=`, up to the next one.
 *
 * @throws Error when `--only` names a section that does not exist, or `--real-cli-runs` is not a whole number of at least 1.
 */
export function parseOptions(args: readonly string[]): BenchOptions {
  const option = (name: string): string | undefined => {
    const arg = args.find((entry) => entry === `--${name}` || entry.startsWith(`--${name}=`));
    return arg === undefined ? undefined : (arg.split('=')[1] ?? '');
  };
  const quick = option('quick') !== undefined;
  const only = option('only')?.split(',');
  const unknown = only?.filter((name) => !(SECTIONS as readonly string[]).includes(name)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown sections ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
  return {
    quick,
    rounds: Number(option('rounds') ?? (quick ? 1 : 5)),
    startupRuns: quick ? 1 : 7,
    realCliRuns: positive('real-cli-runs', option('real-cli-runs')) ?? (quick ? 1 : 5),
    only: only as Section[] | undefined,
    json: option('json'),
    pin: option('no-pin') === undefined,
    settleMs: positive('settle-ms', option('settle-ms')) ?? 1500,
  };
}

/** Whether `section` is part of this run. */
export function runsSection(options: Pick<BenchOptions, 'only'>, section: Section): boolean {
  return options.only === undefined || options.only.includes(section);
}
