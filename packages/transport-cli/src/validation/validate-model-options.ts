import type { Options } from '@hexagent/core';
import {
  describe,
  fail,
  isObject,
  optionalInteger,
  optionalNonEmptyString,
  optionalOneOf,
  toolList,
} from './option-checks.js';

/** The effort levels `--effort` accepts. */
export const EFFORT_LEVELS: readonly string[] = ['low', 'medium', 'high', 'xhigh', 'max'];
const THINKING_DISPLAYS: readonly string[] = ['summarized', 'omitted'];

/**
 * Checks the model options: `model`, `fallbackModel` (which must differ from `model`), the limits
 * (`maxTurns` an integer ≥ 0, `maxBudgetUsd` positive, `taskBudget.total` a positive integer),
 * `thinking`, `effort`, `maxThinkingTokens`, `betas`, `outputFormat` and `agent`.
 */
export function validateModelOptions(options: Options): void {
  optionalNonEmptyString(options.model, 'model');
  optionalNonEmptyString(options.fallbackModel, 'fallbackModel');
  if (options.fallbackModel !== undefined && options.fallbackModel === options.model) {
    fail('fallbackModel', 'must differ from `model`: it is used when that model is unavailable');
  }
  optionalNonEmptyString(options.agent, 'agent');

  optionalInteger(options.maxTurns, 0, 'maxTurns');
  const budget: unknown = options.maxBudgetUsd;
  if (budget !== undefined && !(typeof budget === 'number' && Number.isFinite(budget) && budget > 0)) {
    fail('maxBudgetUsd', `must be a positive finite number, got ${describe(budget)}`);
  }
  if (options.taskBudget !== undefined) {
    const total: unknown = isObject(options.taskBudget) ? options.taskBudget['total'] : undefined;
    if (!(Number.isInteger(total) && (total as number) > 0)) {
      fail('taskBudget.total', `must be a positive integer number of tokens, got ${describe(total)}`);
    }
  }

  optionalInteger(options.maxThinkingTokens, 0, 'maxThinkingTokens');
  if (options.thinking !== undefined) thinking(options.thinking);
  optionalOneOf(options.effort, EFFORT_LEVELS, 'effort');
  toolList(options.betas, 'betas');

  if (options.outputFormat !== undefined) {
    const format: unknown = options.outputFormat;
    if (!isObject(format) || format['type'] !== 'json_schema' || !isObject(format['schema'])) {
      fail('outputFormat', "must be `{ type: 'json_schema', schema: { ... } }`");
    }
  }
}

function thinking(value: unknown): void {
  if (!isObject(value)) fail('thinking', "must be `{ type: 'adaptive' | 'enabled' | 'disabled', ... }`");
  optionalOneOf(value['type'], ['adaptive', 'enabled', 'disabled'], 'thinking.type');
  if (value['type'] === undefined) fail('thinking.type', 'must be one of adaptive, enabled, disabled');
  optionalOneOf(value['display'], THINKING_DISPLAYS, 'thinking.display');
  const budget = value['budgetTokens'];
  if (budget !== undefined && !(Number.isInteger(budget) && (budget as number) > 0)) {
    fail('thinking.budgetTokens', `must be a positive integer, got ${describe(budget)}`);
  }
}
