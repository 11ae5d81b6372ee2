import type { Options } from '@hexagent/core';
import { describe, fail, isObject } from './option-checks.js';

/**
 * Checks the model options the official SDK or the CLI refuse whatever their version:
 * `fallbackModel` equal to `model` (the official SDK throws), a numeric `maxBudgetUsd` that is not
 * above 0 (`NaN` included) and a `taskBudget.total` that is not a positive integer (the CLI exits at
 * start). Everything else (`model`, `effort`, `thinking`, `maxTurns`, `betas`, ...) goes to the
 * CLI as the official SDK writes it, and the CLI decides: its lists of values grow with each release.
 */
export function validateModelOptions(options: Options): void {
  if (options.fallbackModel && options.fallbackModel === options.model) {
    fail('fallbackModel', 'must differ from `model`: it is used when that model is unavailable');
  }
  const budget: unknown = options.maxBudgetUsd;
  if (typeof budget === 'number' && !(budget > 0)) {
    fail('maxBudgetUsd', `must be a number greater than 0 (the CLI refuses others), got ${describe(budget)}`);
  }
  if (options.taskBudget !== undefined) {
    const total: unknown = isObject(options.taskBudget) ? options.taskBudget['total'] : undefined;
    if (!(Number.isInteger(total) && (total as number) > 0)) {
      fail(
        'taskBudget.total',
        `must be a positive integer number of tokens (the CLI refuses others), got ${describe(total)}`,
      );
    }
  }
}
