import type { EffortLevel, SdkBeta, ThinkingConfig } from '../models.js';
import type { OutputFormat } from '../output-format.js';

/** Options about the model: which one, how it thinks, and the limits of a run. */
export interface ModelOptions {
  /** The model, an alias or an id (`--model=<model>`); the CLI's default when omitted. */
  model?: string;
  /**
   * The model(s) to use when the main one is overloaded or unavailable (`--fallback-model=<model>`;
   * a comma-separated list is tried in order). Must differ from `model`.
   */
  fallbackModel?: string;
  /** Beta features (`--betas=<a,b>`, added to the `anthropic-beta` header), e.g. `'context-1m-2025-08-07'`. */
  betas?: SdkBeta[];
  /**
   * How the model thinks: `{ type: 'adaptive' }` (`--thinking=adaptive`), `{ type: 'enabled',
   * budgetTokens }` (`--max-thinking-tokens=<n>`; without a budget, `--thinking=adaptive`),
   * `{ type: 'disabled' }` (`--thinking=disabled`). `display` adds `--thinking-display=<display>`.
   * Wins over `maxThinkingTokens`. A model may ignore what it does not support.
   */
  thinking?: ThinkingConfig;
  /** How much effort the model puts in (`--effort=<level>`); dropped by the CLI for models without effort levels. */
  effort?: EffortLevel;
  /**
   * The thinking budget in tokens, used only when `thinking` is not set: `0` gives
   * `--thinking=disabled`, any other value `--max-thinking-tokens=<n>`.
   * @deprecated Use `thinking`.
   */
  maxThinkingTokens?: number;
  /**
   * The most agent turns a query may take (`--max-turns=<n>`; `0` means no limit). Past it the run
   * ends with an `error_max_turns` result.
   */
  maxTurns?: number;
  /**
   * The most a query may cost, in US dollars (`--max-budget-usd=<usd>`). Past it the run ends with an
   * `error_max_budget_usd` result.
   */
  maxBudgetUsd?: number;
  /**
   * A token budget the model is told about, so it can pace itself (`--task-budget=<total>`; the
   * API gets `output_config.task_budget` with the `task-budgets-2026-03-13` beta).
   * @alpha
   */
  taskBudget?: {
    total: number;
  };
  /**
   * Structured output: the final answer must match a JSON Schema. Sent twice, as the official SDK
   * does: `--json-schema=<schema>` and `jsonSchema` in `initialize`. The `result` message then
   * carries `structured_output`.
   */
  outputFormat?: OutputFormat;
}
