import { appendFileSync } from 'node:fs';
import type { ResolveHook } from 'node:module';

const file = process.env.HEXAGENT_BENCH_MODULE_LOG;

/** Module customization hook: appends the URL of every module resolved to `$HEXAGENT_BENCH_MODULE_LOG`. */
export const resolve: ResolveHook = async (specifier, context, nextResolve) => {
  const resolved = await nextResolve(specifier, context);
  if (file !== undefined) appendFileSync(file, `${resolved.url}\n`);
  return resolved;
};
