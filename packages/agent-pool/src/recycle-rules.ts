import { InvalidOptionError, type Options } from '@hexagent/core';
import type { AgentPoolOptions, AgentPoolQueryParams, AgentPoolRecycleOptions } from './agent-pool-options.js';
import { needsColdStart } from './pool-query-options.js';
import { startupSpareSource } from './startup-spare-source.js';

/**
 * Default of `recycle.maxQueriesPerCli`. From the bench's curve (docs/performance.md, "Memory per
 * agent"): a recycled CLI's RSS climbs over its first ~20 queries, stays flat from ~20 to ~60 (1.3-1.4x a
 * fresh CLI), then climbs again; 50 stays on the flat part and replaces CLIs 2.5x less often than 20.
 */
export const DEFAULT_MAX_QUERIES_PER_CLI = 50;

/** Default of `recycle.resetTimeoutMs`. */
export const DEFAULT_RESET_TIMEOUT_MS = 10_000;

/** The recycling settings in force, or undefined when `recycle` is off. */
export type RecycleSettings = Required<AgentPoolRecycleOptions>;

/**
 * Profile options that make a recycled CLI wrong for the next query: `resume`, `continue`,
 * `sessionId` and `resumeSessionAt` name a conversation every query of the profile
 * must start from, which `/clear` leaves; a `sessionStore` mirrors transcripts by the session the CLI
 * started with (not followed across the reset here); `promptSuggestions` come after the `result`,
 * where a recycled query has already ended.
 */
const NOT_WITH_RECYCLE = [
  'resume',
  'continue',
  'sessionId',
  'resumeSessionAt',
  'sessionStore',
  'promptSuggestions',
] as const;

/**
 * The recycling settings of `options`, checked (with the profile they need), or undefined when off.
 *
 * @throws InvalidOptionError for a bad value, `recycle` without `spares` (a recycled CLI waits in a
 *   place of the spare allowance), or a profile option recycling cannot honour.
 */
export function recycleSettingsOf(options: AgentPoolOptions): RecycleSettings | undefined {
  const { recycle } = options;
  if (recycle === undefined || recycle === false) return undefined;
  const settings: RecycleSettings = {
    maxQueriesPerCli: DEFAULT_MAX_QUERIES_PER_CLI,
    resetTimeoutMs: DEFAULT_RESET_TIMEOUT_MS,
    ...(recycle === true ? {} : definedOnly(recycle)),
  };
  if (!Number.isInteger(settings.maxQueriesPerCli) || settings.maxQueriesPerCli < 1) {
    throw new InvalidOptionError({
      option: 'recycle.maxQueriesPerCli',
      message: `must be an integer >= 1, got ${settings.maxQueriesPerCli}`,
    });
  }
  if (!(settings.resetTimeoutMs > 0)) {
    throw new InvalidOptionError({
      option: 'recycle.resetTimeoutMs',
      message: `must be a number > 0, got ${settings.resetTimeoutMs}`,
    });
  }
  if (options.spareStart === 'prewarm') {
    throw new InvalidOptionError({
      option: 'spareStart',
      message:
        "must be 'startup' with recycle (its default then): a recycled CLI serves the profile as it is, and a " +
        "'prewarm' spare would take the queries a recycled CLI is kept for",
    });
  }
  if ((options.spares ?? 0) < 1) {
    throw new InvalidOptionError({
      option: 'recycle',
      message: 'needs spares >= 1: a recycled CLI waits for its next query in a place of the spare allowance',
    });
  }
  const profile: Options = options.options ?? {};
  const conflict = NOT_WITH_RECYCLE.find((name) => profile[name] !== undefined && profile[name] !== false);
  if (conflict !== undefined) {
    throw new InvalidOptionError({
      option: `options.${conflict}`,
      message: `a pool with recycle cannot have ${conflict} in its profile: a recycled CLI starts a new conversation`,
    });
  }
  return settings;
}

/**
 * Whether a query may run as one turn of a CLI the pool keeps: a string prompt (a streamed one
 * owns the CLI's input), and the profile as it is (every per-call option claimable and equal to the
 * profile's, as for a startup spare). What else must hold once its turn ends (no state-changing
 * control, a `result`, a use count under the maximum, ...) the pool decides then.
 */
export function isRecyclableQuery(profile: Options, params: AgentPoolQueryParams): boolean {
  return (
    typeof params.prompt === 'string' &&
    !needsColdStart(params.options) &&
    startupSpareSource.fits(profile, params.options)
  );
}

function definedOnly(options: AgentPoolRecycleOptions): AgentPoolRecycleOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
