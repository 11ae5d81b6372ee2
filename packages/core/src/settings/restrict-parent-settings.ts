import type { Settings } from '../types/settings/settings.js';
import { isJsonObject, type JsonObject } from './merge-settings.js';

const AS_GIVEN = Symbol('as given');
/** A key kept only with the value that restricts (a lock set, a feature off), or kept as given. */
type Keep = typeof AS_GIVEN | boolean | string | { readonly [key: string]: Keep };

// What the CLI keeps of the settings a host passes as `managedSettings` (its "parent" policy
// tier), recorded key by key: restrictions only, so a host cannot loosen the user's own settings.
const RESTRICTIVE: { readonly [key: string]: Keep } = {
  allowManagedHooksOnly: true,
  allowManagedPermissionRulesOnly: true,
  allowManagedMcpServersOnly: true,
  strictPluginOnlyCustomization: true,
  enforceAvailableModels: true,
  disableClaudeAiConnectors: true,
  disableAgentView: true,
  disableRemoteControl: true,
  disableWorkflows: true,
  disableArtifact: true,
  disableSkillShellExecution: true,
  disableWindowsBashCommandSplit: true,
  disableCommandPluginSources: true,
  disableSideloadFlags: true,
  disableAutoMode: 'disable',
  enableArtifact: false,
  enableWorkflows: false,
  availableModels: AS_GIVEN,
  availableModelsMatch: AS_GIVEN,
  deniedModels: AS_GIVEN,
  allowedProviders: AS_GIVEN,
  allowedMcpServers: AS_GIVEN,
  deniedMcpServers: AS_GIVEN,
  strictKnownMarketplaces: AS_GIVEN,
  blockedMarketplaces: AS_GIVEN,
  forceLoginOrgUUID: AS_GIVEN,
  permissions: {
    allow: AS_GIVEN,
    deny: AS_GIVEN,
    ask: AS_GIVEN,
    additionalDirectories: AS_GIVEN,
    disableBypassPermissionsMode: 'disable',
    disableAutoMode: 'disable',
    blockReadsOutsideWorkingDirectories: true,
    blockWritesOutsideWorkingDirectories: true,
    denyInsteadOfPrompting: true,
  },
  sandbox: {
    enabled: true,
    failIfUnavailable: true,
    autoAllowBashIfSandboxed: false,
    allowUnsandboxedCommands: false,
    enableWeakerNestedSandbox: false,
    enableWeakerNetworkIsolation: false,
    allowAppleEvents: false,
    allowNestedUserNamespaces: false,
    network: {
      allowedDomains: AS_GIVEN,
      deniedDomains: AS_GIVEN,
      allowManagedDomainsOnly: true,
      strictAllowlist: true,
      allowAllUnixSockets: false,
      allowLocalBinding: false,
    },
    filesystem: {
      allowRead: AS_GIVEN,
      denyRead: AS_GIVEN,
      denyWrite: AS_GIVEN,
      allowManagedReadPathsOnly: true,
      disabled: false,
    },
    credentials: {
      files: AS_GIVEN,
      envVars: AS_GIVEN,
      sigv4: { streaming: 'deny', presigned: 'deny', sigv4a: 'deny' },
    },
  },
};

/**
 * Keeps of a host's `managedSettings` what the CLI keeps of them: the restrictive keys (locks
 * such as `allowManaged*Only`, `permissions` rule lists, model and MCP server lists, sandbox
 * restrictions), each only with a value that restricts. `model`, `env`, `hooks` and the like are
 * dropped. Returns `null` when nothing is left.
 */
export function restrictParentSettings(settings: Settings): Settings | null {
  const kept = pick(settings, RESTRICTIVE) ?? {};
  if (settings.disableAllHooks === true) kept.allowManagedHooksOnly = true;
  if (Array.isArray(settings.httpHookAllowedEnvVars) && settings.httpHookAllowedEnvVars.length === 0)
    kept.httpHookAllowedEnvVars = [];
  const attribution = restrictAttribution(settings.attribution);
  if (attribution) kept.attribution = attribution;
  return Object.keys(kept).length > 0 ? (kept as Settings) : null;
}

function pick(value: JsonObject, spec: { readonly [key: string]: Keep }): JsonObject | null {
  const out: JsonObject = {};
  for (const [key, keep] of Object.entries(spec)) {
    const given = value[key];
    if (given === undefined) continue;
    if (keep === AS_GIVEN) out[key] = given;
    else if (typeof keep === 'object') {
      const nested = isJsonObject(given) ? pick(given, keep) : null;
      if (nested) out[key] = nested;
    } else if (given === keep || (keep === true && given === 'disable')) out[key] = keep;
  }
  return Object.keys(out).length > 0 ? out : null;
}

// Turning attribution off is a restriction: an empty commit trailer (or `commitTrailers: false`)
// and `sessionUrl: false` are kept, each on its own. (The check has already read `false` as
// `{ commit: '', pr: '', sessionUrl: false }`.)
function restrictAttribution(attribution: unknown): JsonObject | null {
  if (attribution === false) return { commitTrailers: false, sessionUrl: false };
  if (!isJsonObject(attribution)) return null;
  const out: JsonObject = {};
  if (attribution.commit === '' || attribution.commitTrailers === false) out.commitTrailers = false;
  if (attribution.sessionUrl === false) out.sessionUrl = false;
  return Object.keys(out).length > 0 ? out : null;
}
