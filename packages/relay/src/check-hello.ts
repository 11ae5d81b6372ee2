import { realpathSync } from 'node:fs';
import path from 'node:path';
import { CLI_SWITCH_FLAGS } from '@hexagent/transport-cli';
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

/** Flags known to take no value (transport-cli's own list): the element after one is never its value. */
const SWITCHES: ReadonlySet<string> = new Set(CLI_SWITCH_FLAGS);

/**
 * Checks `hello` against what the operator allows: every flag in `allowedFlags`; every variable in
 * `allowedEnv`; the `cwd` inside one of `cwdRoots` (after resolving symlinks). No bare argument
 * (so no prompt on the command line) but a flag's value: after `=`, or the next element after a
 * flag written alone that takes a value. A flag of transport-cli's `CLI_SWITCH_FLAGS` (`--verbose`,
 * `--continue`, ...) takes none; any other flag written alone is taken to have its value next, as
 * the SDK writes `--settings <json>` and `extraArgs`.
 */
export function checkHello(hello: unknown, config: ResolvedRelayConfig): AcceptedHello | HelloRefusal {
  if (!isHello(hello)) return { reason: 'bad_hello', message: 'the first frame must be a relay_hello' };
  let expectsValue = false;
  let afterSwitch: string | undefined;
  for (const arg of hello.argv) {
    if (!arg.startsWith('-')) {
      if (!expectsValue) {
        const where = afterSwitch === undefined ? '' : ` after ${afterSwitch}, which takes no value,`;
        return { reason: 'flag_not_allowed', message: `bare argument ${JSON.stringify(arg)}${where} is not allowed` };
      }
      expectsValue = false;
      afterSwitch = undefined;
      continue;
    }
    const name = arg.replace(/^--?/, '').split('=', 1)[0] ?? '';
    if (!config.allowedFlags.has(name))
      return { reason: 'flag_not_allowed', message: `flag --${name} is not allowed by this relay` };
    const alone = !arg.includes('=');
    expectsValue = alone && !SWITCHES.has(name);
    afterSwitch = alone && SWITCHES.has(name) ? arg : undefined;
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
