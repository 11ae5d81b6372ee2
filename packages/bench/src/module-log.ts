/**
 * Preload (`node --import <dist>/module-log.js ...`) that logs every module the process resolves to
 * the file named by `HEXAGENT_BENCH_MODULE_LOG`, one URL a line: the way to see whether a run loaded
 * `@modelcontextprotocol/sdk`. The hook slows loading down, so timed runs never use it.
 */
import { register } from 'node:module';

register('./module-log-hooks.js', import.meta.url);
