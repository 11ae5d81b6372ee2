import { InvalidOptionError } from '@hexagent/core';
import type { AgentPoolOptions } from './agent-pool-options.js';
import { recycleSettingsOf } from './recycle-rules.js';

/** Check the pool's settings; throws `InvalidOptionError` naming the first bad one. */
export function checkAgentPoolOptions(options: AgentPoolOptions): void {
  const positiveInt = (name: string, value: number | undefined, min: number) => {
    if (value === undefined) return;
    if (!Number.isInteger(value) || value < min) {
      throw new InvalidOptionError({ option: name, message: `must be an integer >= ${min}, got ${value}` });
    }
  };
  const positive = (name: string, value: number | undefined) => {
    if (value === undefined) return;
    if (!(value > 0)) throw new InvalidOptionError({ option: name, message: `must be a number > 0, got ${value}` });
  };
  positiveInt('maxConcurrent', options.maxConcurrent, 1);
  positiveInt('spares', options.spares, 0);
  positiveInt('perKeyLimit', options.perKeyLimit, 1);
  positive('memoryBudgetMb', options.memoryBudgetMb);
  positive('estimateMbPerCli', options.estimateMbPerCli);
  positive('sampleIntervalMs', options.sampleIntervalMs);
  if (options.spareRefillDelayMs !== undefined && !(options.spareRefillDelayMs >= 0)) {
    throw new InvalidOptionError({
      option: 'spareRefillDelayMs',
      message: `must be >= 0, got ${options.spareRefillDelayMs}`,
    });
  }
  const spareStarts: ReadonlyArray<unknown> = ['auto', 'prewarm', 'startup'];
  if (options.spareStart !== undefined && !spareStarts.includes(options.spareStart)) {
    throw new InvalidOptionError({
      option: 'spareStart',
      message: `must be 'auto', 'prewarm' or 'startup', got ${String(options.spareStart)}`,
    });
  }
  if (options.queueTimeoutMs !== undefined && !(options.queueTimeoutMs >= 0)) {
    throw new InvalidOptionError({ option: 'queueTimeoutMs', message: `must be >= 0, got ${options.queueTimeoutMs}` });
  }
  recycleSettingsOf(options);
  if (options.options?.abortController !== undefined) {
    throw new InvalidOptionError({
      option: 'options.abortController',
      message: 'a pool shares its options among queries: give each query a `signal` instead',
    });
  }
}
