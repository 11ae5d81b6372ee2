import path from 'node:path';
import { disallowedMcpServer, mcpServerEntries } from '../check-mcp-servers.js';
import { cwdInsideRoots } from '../cwd-inside-roots.js';
import { flagRefusal } from '../flag-refusal.js';
import { mcpServerNameRefusal } from '../mcp-server-name.js';
import { agentsRefusal, pluginsRefusal } from './screen-agents-and-plugins.js';
import type { ScreenPolicy } from './screen-policy.js';

/** What becomes of a client's control request. */
export type ControlVerdict =
  /** Passed on, as `request` (rewritten: `set_cwd` gets the resolved directory); `movesCwd` for `set_cwd`. */
  | { kind: 'pass'; request: Record<string, unknown>; movesCwd?: true }
  /** Answered by the relay with an error saying `why`; never reaches the CLI. */
  | { kind: 'refuse'; why: string };

type Screen = (request: Record<string, unknown>, policy: ScreenPolicy) => ControlVerdict;

const pass = (request: Record<string, unknown>): ControlVerdict => ({ kind: 'pass', request });
const judged = (request: Record<string, unknown>, why: string | undefined): ControlVerdict =>
  why === undefined ? pass(request) : { kind: 'refuse', why };

/**
 * The control requests that change what the CLI may do, each judged by the policy that judges the
 * command line for the same change: MCP servers (`allowClientMcpServers`, and the CLI's rules for
 * their names), agents and plugins, the permission mode (`--permission-mode`), the model
 * (`--model`), thinking tokens (`--max-thinking-tokens`), settings (`--settings`: the flag
 * settings layer, and the settings files), and the working directory (`cwdRoots`).
 */
const SCREENS: Readonly<Record<string, Screen>> = {
  initialize: (request, policy) => {
    const names = Array.isArray(request.sdkMcpServers) ? request.sdkMcpServers : [];
    const badName = names.map((name) => mcpServerNameRefusal(String(name))).find((why) => why !== undefined);
    return judged(
      request,
      badName ??
        disallowedMcpServer(mcpServerEntries(request.mcpServers), policy.allowClientMcpServers) ??
        agentsRefusal(request.agents, policy) ??
        pluginsRefusal(request.plugins, policy),
    );
  },
  mcp_set_servers: (request, policy) =>
    judged(request, disallowedMcpServer(mcpServerEntries(request.servers), policy.allowClientMcpServers)),
  set_permission_mode: (request, policy) =>
    judged(request, flagRefusal(policy, 'permission-mode', String(request.mode))),
  set_model: (request, policy) =>
    judged(request, request.model == null ? undefined : flagRefusal(policy, 'model', String(request.model))),
  set_max_thinking_tokens: (request, policy) =>
    judged(
      request,
      request.max_thinking_tokens == null
        ? undefined
        : flagRefusal(policy, 'max-thinking-tokens', String(request.max_thinking_tokens)),
    ),
  apply_flag_settings: (request, policy) => judged(request, settingsRefusal(policy)),
  update_settings: (request, policy) => judged(request, settingsRefusal(policy)),
  reload_plugins: (request, policy) => judged(request, pluginsRefusal(request.add_plugins, policy)),
  set_cwd: screenSetCwd,
};

/**
 * Judges a client's control request (`request`, with its `subtype`) before it reaches the CLI: a
 * subtype that changes what the CLI may do is screened by the same policy as the command line
 * (see the screens above); one of {@link ScreenPolicy.allowedControlSubtypes} (by default those
 * that change none of it) passes; any other is refused.
 */
export function screenControlRequest(request: Record<string, unknown>, policy: ScreenPolicy): ControlVerdict {
  const subtype = request.subtype;
  if (typeof subtype !== 'string') return { kind: 'refuse', why: 'a control request needs a string subtype' };
  const screen = Object.hasOwn(SCREENS, subtype) ? SCREENS[subtype] : undefined;
  if (screen !== undefined) return screen(request, policy);
  if (policy.allowedControlSubtypes.has(subtype)) return pass(request);
  return { kind: 'refuse', why: `control request ${JSON.stringify(subtype)} is not passed by this relay` };
}

function settingsRefusal(policy: ScreenPolicy): string | undefined {
  return flagRefusal(policy, 'settings') === undefined
    ? undefined
    : 'settings are not changed by a client of this relay (as --settings is not allowed)';
}

/**
 * `set_cwd` moves the CLI: the target must be inside `cwdRoots` once symlinks are resolved, as a
 * hello's `cwd`, and the CLI gets the resolved directory (and a `trusted_directory`, resolved the
 * same way). Only an absolute path: a relative one resolves against wherever the CLI is by then.
 * The session checks where the CLI really went once it answers (`movesCwd`).
 */
function screenSetCwd(request: Record<string, unknown>, policy: ScreenPolicy): ControlVerdict {
  if (policy.cwdRoots.length === 0) {
    return { kind: 'refuse', why: 'this relay does not let a client choose its working directory (no cwdRoots)' };
  }
  const resolve = (dir: unknown): string | undefined => {
    // The CLI trims the path before it reads it.
    const target = typeof dir === 'string' ? dir.trim() : '';
    return path.isAbsolute(target) ? cwdInsideRoots(target, policy.cwdRoots) : undefined;
  };
  const target = resolve(request.path);
  if (target === undefined) {
    return {
      kind: 'refuse',
      why: `set_cwd: ${JSON.stringify(request.path)} is not an absolute path inside an allowed root`,
    };
  }
  const rewritten: Record<string, unknown> = { ...request, path: target };
  if (request.trusted_directory !== undefined) {
    const trusted = resolve(request.trusted_directory);
    if (trusted === undefined) {
      return { kind: 'refuse', why: 'set_cwd: trusted_directory is not an absolute path inside an allowed root' };
    }
    rewritten.trusted_directory = trusted;
  }
  return { kind: 'pass', request: rewritten, movesCwd: true };
}
