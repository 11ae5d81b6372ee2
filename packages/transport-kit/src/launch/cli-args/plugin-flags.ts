import type { Options } from '@hexagent/core';
import { valueFlag } from './flag-forms.js';

/**
 * One `--plugin-dir=<path>` per plugin (`--plugin-dir-no-mcp=<path>` with `skipMcpDiscovery`),
 * unless `pluginDelivery` is `'initialize'`: the list then travels in `initialize`.
 */
export function pluginFlags(options: Pick<Options, 'plugins' | 'pluginDelivery'>): string[] {
  if (options.pluginDelivery === 'initialize') return [];
  return (options.plugins ?? []).map((plugin) =>
    valueFlag(plugin.skipMcpDiscovery === true ? 'plugin-dir-no-mcp' : 'plugin-dir', plugin.path),
  );
}

/** True when `plugins` travel in `initialize`, which needs `--await-initialize`. */
export function pluginsInInitialize(options: Pick<Options, 'plugins' | 'pluginDelivery'>): boolean {
  return options.pluginDelivery === 'initialize' && (options.plugins?.length ?? 0) > 0;
}
