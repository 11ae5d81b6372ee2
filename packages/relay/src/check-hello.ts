import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { RelayHello, RelayRefusalReason } from '@hexagent/transport-websocket';
import type { ResolvedRelayConfig } from './relay-config.js';

/** Why a hello is refused. */
export interface HelloRefusal {
  reason: RelayRefusalReason;
  message: string;
}

/** What the relay runs for an accepted hello. */
export interface AcceptedHello {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
}

/**
 * Checks `hello` against what the operator allows: every flag in `allowedFlags` (a flag's value
 * is the next element, or after `=`; no other bare argument, so no prompt on the command line),
 * every variable in `allowedEnv`, the `cwd` inside one of `cwdRoots` (after resolving symlinks).
 */
export function checkHello(hello: unknown, config: ResolvedRelayConfig): AcceptedHello | HelloRefusal {
  if (!isHello(hello)) return { reason: 'bad_hello', message: 'the first frame must be a relay_hello' };
  let previousTakesValue = false;
  for (const arg of hello.argv) {
    if (!arg.startsWith('-')) {
      if (!previousTakesValue)
        return { reason: 'flag_not_allowed', message: `bare argument ${JSON.stringify(arg)} is not allowed` };
      previousTakesValue = false;
      continue;
    }
    const name = arg.replace(/^--?/, '').split('=', 1)[0] ?? '';
    if (!config.allowedFlags.has(name))
      return { reason: 'flag_not_allowed', message: `flag --${name} is not allowed by this relay` };
    previousTakesValue = !arg.includes('=');
  }
  for (const key of Object.keys(hello.env)) {
    if (!config.allowedEnv.has(key))
      return { reason: 'env_not_allowed', message: `variable ${key} is not allowed by this relay` };
  }
  if (hello.cwd === undefined) return { argv: hello.argv, env: hello.env, cwd: config.cwd };
  const cwd = realpathOrUndefined(hello.cwd);
  const inside = cwd !== undefined && config.cwdRoots.some((root) => isInside(cwd, realpathOrUndefined(root)));
  if (!inside)
    return { reason: 'cwd_not_allowed', message: `cwd ${JSON.stringify(hello.cwd)} is not inside an allowed root` };
  return { argv: hello.argv, env: hello.env, cwd };
}

function isHello(value: unknown): value is RelayHello {
  if (typeof value !== 'object' || value === null) return false;
  const hello = value as Partial<RelayHello>;
  return (
    hello.type === 'relay_hello' &&
    Array.isArray(hello.argv) &&
    hello.argv.every((arg) => typeof arg === 'string') &&
    typeof hello.env === 'object' &&
    hello.env !== null &&
    Object.values(hello.env).every((value) => typeof value === 'string') &&
    (hello.cwd === undefined || typeof hello.cwd === 'string')
  );
}

function realpathOrUndefined(dir: string): string | undefined {
  try {
    return realpathSync(dir);
  } catch {
    return undefined;
  }
}

function isInside(dir: string, root: string | undefined): boolean {
  if (root === undefined) return false;
  const relative = path.relative(root, dir);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
