import type { Options } from '@hexagent/core';
import { valueFlag } from './flag-forms.js';

/**
 * The flags of the model options, in the official SDK's order: thinking (`thinking` wins over
 * `maxThinkingTokens`), `--effort`, `--max-turns` (not for `0`), `--max-budget-usd`,
 * `--task-budget`, `--model`, `--agent`, `--betas`, `--json-schema`.
 */
export function modelFlags(options: Options): string[] {
  const args = thinkingFlags(options);
  if (options.effort) args.push(valueFlag('effort', options.effort));
  if (options.maxTurns !== undefined && options.maxTurns !== 0) args.push(valueFlag('max-turns', options.maxTurns));
  if (options.maxBudgetUsd !== undefined) args.push(valueFlag('max-budget-usd', options.maxBudgetUsd));
  if (options.taskBudget !== undefined) args.push(valueFlag('task-budget', options.taskBudget.total));
  if (options.model) args.push(valueFlag('model', options.model));
  if (options.agent) args.push(valueFlag('agent', options.agent));
  if (options.betas !== undefined && options.betas.length > 0) args.push(valueFlag('betas', options.betas.join(',')));
  if (options.outputFormat?.type === 'json_schema' && options.outputFormat.schema) {
    args.push(valueFlag('json-schema', JSON.stringify(options.outputFormat.schema)));
  }
  return args;
}

/**
 * `thinking`: adaptive → `--thinking=adaptive`; enabled with a budget → `--max-thinking-tokens=N`,
 * without → `--thinking=adaptive`; disabled → `--thinking=disabled`; a `display` (not with disabled)
 * adds `--thinking-display`; another type, no flag. Without `thinking`, `maxThinkingTokens`: `0` → `--thinking=disabled`,
 * N → `--max-thinking-tokens=N`.
 */
function thinkingFlags({ thinking, maxThinkingTokens }: Options): string[] {
  if (!thinking) {
    if (maxThinkingTokens === undefined) return [];
    return [maxThinkingTokens === 0 ? '--thinking=disabled' : valueFlag('max-thinking-tokens', maxThinkingTokens)];
  }
  switch (thinking.type) {
    case 'disabled':
      return ['--thinking=disabled'];
    case 'adaptive':
      return ['--thinking=adaptive', ...displayFlag(thinking.display)];
    case 'enabled':
      return [
        thinking.budgetTokens === undefined
          ? '--thinking=adaptive'
          : valueFlag('max-thinking-tokens', thinking.budgetTokens),
        ...displayFlag(thinking.display),
      ];
    default:
      // A type this release does not know: no flag, as the official SDK writes none.
      return [];
  }
}

function displayFlag(display: string | undefined): string[] {
  return display === undefined ? [] : [valueFlag('thinking-display', display)];
}
