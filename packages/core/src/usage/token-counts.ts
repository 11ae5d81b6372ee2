import { isRecord } from '../util/is-record.js';

/**
 * Tokens by kind, named as the result's `modelUsage` names them. As in the Messages API, the kinds
 * do not overlap: `inputTokens` leaves out the tokens read from or written to the prompt cache.
 */
export interface TokenCounts {
  /** Input tokens neither read from nor written to the prompt cache (the API's `input_tokens`). */
  inputTokens: number;
  /** Output tokens (thinking included). */
  outputTokens: number;
  /** Input tokens read from the prompt cache. */
  cacheReadInputTokens: number;
  /** Input tokens written to the prompt cache. */
  cacheCreationInputTokens: number;
}

/** The kinds of {@link TokenCounts}, in a fixed order. */
export const TOKEN_KINDS = ['inputTokens', 'outputTokens', 'cacheReadInputTokens', 'cacheCreationInputTokens'] as const;

/**
 * The price of each token kind relative to the others, used to split a model's cost between the
 * agents that used it. Only the ratios matter.
 */
export type TokenWeights = Readonly<TokenCounts>;

/**
 * The ratios of Anthropic's list prices, the same for every Claude model priced so far: output 5×
 * input, a cache read 0.1×, a cache write 1.25× (a 5-minute write; a 1-hour write costs 2×).
 */
export const DEFAULT_TOKEN_WEIGHTS: TokenWeights = {
  inputTokens: 1,
  outputTokens: 5,
  cacheReadInputTokens: 0.1,
  cacheCreationInputTokens: 1.25,
};

/** Zero of every kind. */
export function zeroTokens(): TokenCounts {
  return { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };
}

/** Adds `b` into `a` and returns `a`. */
export function addTokens(a: TokenCounts, b: Readonly<TokenCounts>): TokenCounts {
  for (const kind of TOKEN_KINDS) a[kind] += b[kind];
  return a;
}

/** The larger of `a` and `b`, kind by kind. */
export function maxTokens(a: Readonly<TokenCounts>, b: Readonly<TokenCounts>): TokenCounts {
  const max = zeroTokens();
  for (const kind of TOKEN_KINDS) max[kind] = Math.max(a[kind], b[kind]);
  return max;
}

/** The sum of `counts` weighted by `weights`: a price up to a factor. */
export function weightedTokens(counts: Readonly<TokenCounts>, weights: TokenWeights): number {
  let sum = 0;
  for (const kind of TOKEN_KINDS) sum += counts[kind] * weights[kind];
  return sum;
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The counts of a Messages API `usage` object (`input_tokens`, `output_tokens`,
 * `cache_read_input_tokens`, `cache_creation_input_tokens`); `undefined` when `usage` is not an
 * object. Missing or `null` counts are 0.
 */
export function tokenCountsOfApiUsage(usage: unknown): TokenCounts | undefined {
  if (!isRecord(usage)) return undefined;
  return {
    inputTokens: count(usage.input_tokens),
    outputTokens: count(usage.output_tokens),
    cacheReadInputTokens: count(usage.cache_read_input_tokens),
    cacheCreationInputTokens: count(usage.cache_creation_input_tokens),
  };
}

/** The counts of one `modelUsage` entry (`inputTokens`, `outputTokens`, ...). */
export function tokenCountsOfModelUsage(entry: unknown): TokenCounts {
  const usage = isRecord(entry) ? entry : {};
  return {
    inputTokens: count(usage.inputTokens),
    outputTokens: count(usage.outputTokens),
    cacheReadInputTokens: count(usage.cacheReadInputTokens),
    cacheCreationInputTokens: count(usage.cacheCreationInputTokens),
  };
}
