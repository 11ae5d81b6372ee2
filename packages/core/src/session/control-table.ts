import { classifyMcpServers } from '../mcp/classify-mcp-servers.js';
import type {
  SDKControlGetContextUsageResponse,
  SDKControlGetUsageResponse,
  SDKControlInitializeResponse,
  SDKControlMcpReadResourceResponse,
  SDKControlReadFileResponse,
  SDKControlReloadOutputStylesResponse,
  SDKControlReloadPluginsResponse,
  SDKControlReloadSkillsResponse,
} from '../types/control/sdk-control-responses.js';
import type { McpServerStatus, McpSetServersResult } from '../types/mcp/mcp-server-status.js';
import { PERMISSION_MODES, type PermissionMode } from '../types/permissions/permission-update.js';
import type { RewindFilesResult } from '../types/rewind-files-result.js';
import type { ControlHost } from './control-host.js';
import type { QueryControlName, QueryControls } from './query-controls.js';

type Payload = Record<string, unknown>;
type Args<Name extends QueryControlName> = Parameters<QueryControls[Name]>;
type Result<Name extends QueryControlName> = Awaited<ReturnType<QueryControls[Name]>>;

/** What {@link QUERY_CONTROLS} says of every control method. */
export interface QueryControlSpec {
  /** The control request's `subtype` the method sends to the CLI; `null` when it sends none (it reads the initialize answer). */
  readonly subtype: string | null;
  /** True when the method may change the CLI's state (a pooled CLI that ran it is not reused as it is). */
  readonly changesState: boolean;
}

/** A method that sends one control request: its payload from the arguments, its result from the answer. */
export interface RequestControl<Name extends QueryControlName> extends QueryControlSpec {
  readonly subtype: string;
  /** The request's payload (none when absent); `host` serves what needs the session (in-process servers). */
  readonly payload?: (args: Args<Name>, host: ControlHost) => Payload | Promise<Payload>;
  /** The result from the CLI's `response` (`{}` when it sent none); absent: the method resolves with nothing. */
  readonly answer?: (response: Payload) => Result<Name>;
  /** What the method resolves with when the request fails, instead of rejecting (as the official SDK). */
  readonly onFailure?: () => Result<Name>;
}

/** A method that sends nothing: it reads the CLI's answer to `initialize` (and what came since). */
export interface InitializeReadControl<Name extends QueryControlName> extends QueryControlSpec {
  readonly subtype: null;
  readonly read: (initialize: SDKControlInitializeResponse, host: ControlHost) => Result<Name>;
}

/** A method the session writes itself (it needs the session's own state, not one request). */
export interface OwnControl extends QueryControlSpec {
  readonly own: true;
}

/** One entry of {@link QUERY_CONTROLS}. */
export type QueryControlEntry<Name extends QueryControlName> =
  | RequestControl<Name>
  | InitializeReadControl<Name>
  | OwnControl;

const isString = (value: unknown): value is string => typeof value === 'string';
/** `{ [key]: value }` when `value` is given, else nothing: the official SDK leaves unset options out. */
const given = (key: string, value: unknown): Payload => (value === undefined ? {} : { [key]: value });

/**
 * The control surface as data, written once: every method of {@link QueryControls} by name, with
 * the request it sends, its payload from the method's arguments and its result from the CLI's
 * answer, as the official SDK maps them, and whether it may change the CLI's state. `Session` (and
 * anything else that offers a {@link ControlHost}) gets its methods from this table through
 * `installControlCalls`; the facade's `Query`, `ClaudeClient` and the pool's queries forward theirs
 * by name (`forwardQueryControls`). The compiler keeps it complete and typed (`satisfies`).
 * Adding a control method is its signature in {@link QueryControls} and its entry here.
 */
export const QUERY_CONTROLS = {
  interrupt: {
    subtype: 'interrupt',
    changesState: true,
    // The receipt: the queued user messages that will still run (and those cancelled, when given).
    answer: ({ still_queued, cancelled }) =>
      Array.isArray(still_queued)
        ? {
            still_queued: still_queued.filter(isString),
            ...(Array.isArray(cancelled) && { cancelled: cancelled.filter(isString) }),
          }
        : undefined,
  },
  setPermissionMode: {
    subtype: 'set_permission_mode',
    changesState: true,
    payload: ([mode]) => ({ mode }),
    // The mode now in effect as the CLI answers it; `'manual'` (the CLI's other name) reads as `'default'`.
    answer: ({ mode }) => {
      const now: unknown = mode === 'manual' ? 'default' : mode;
      return isString(now) && (PERMISSION_MODES as readonly string[]).includes(now)
        ? { mode: now as PermissionMode }
        : undefined;
    },
  },
  setMcpPermissionModeOverride: {
    subtype: 'set_mcp_permission_mode_override',
    changesState: true,
    payload: ([serverName, mode]) => ({ serverName, mode }),
    answer: (response) => response as { warning?: string },
  },
  setModel: { subtype: 'set_model', changesState: true, payload: ([model]) => given('model', model) },
  setMaxThinkingTokens: {
    subtype: 'set_max_thinking_tokens',
    changesState: true,
    payload: ([maxThinkingTokens, display]) => ({
      max_thinking_tokens: maxThinkingTokens,
      ...given('thinking_display', display),
    }),
  },
  applyFlagSettings: { subtype: 'apply_flag_settings', changesState: true, payload: ([settings]) => ({ settings }) },
  updateSettings: {
    subtype: 'update_settings',
    changesState: true,
    payload: ([source, settings]) => ({ source, settings }),
  },
  initializationResult: { subtype: null, changesState: false, own: true },
  reinitialize: { subtype: 'initialize', changesState: true, own: true },
  supportedCommands: {
    subtype: null,
    changesState: false,
    // Those of the latest `commands_changed` message, else the initialize answer's.
    read: ({ commands }, host) => host.latestCommands() ?? commands ?? [],
  },
  supportedModels: { subtype: null, changesState: false, read: ({ models }) => models ?? [] },
  supportedAgents: { subtype: null, changesState: false, read: ({ agents }) => agents ?? [] },
  mcpServerStatus: {
    subtype: 'mcp_status',
    changesState: false,
    answer: ({ mcpServers }) => (mcpServers as McpServerStatus[] | undefined) ?? [],
  },
  getContextUsage: {
    subtype: 'get_context_usage',
    changesState: false,
    payload: ([options]) => given('detail', options?.detail),
    answer: (response) => response as SDKControlGetContextUsageResponse,
  },
  usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET: {
    subtype: 'get_usage',
    changesState: false,
    payload: ([options]) => (options?.skipBehaviors === true ? { skip_behaviors: true } : {}),
    answer: (response) => response as SDKControlGetUsageResponse,
  },
  readFile: {
    subtype: 'read_file',
    changesState: false,
    payload: ([path, options]) => ({
      path,
      ...given('max_bytes', options?.maxBytes),
      ...given('encoding', options?.encoding),
    }),
    answer: (response) => response as SDKControlReadFileResponse,
    // Denied, missing, a closed session: `null`, as the official SDK resolves.
    onFailure: () => null,
  },
  reloadPlugins: {
    subtype: 'reload_plugins',
    changesState: true,
    payload: ([options]) => ({
      ...(options?.holdOnCacheImpact === true && { hold_on_cache_impact: true }),
      ...(options?.addPlugins !== undefined && options.addPlugins.length > 0 && { add_plugins: options.addPlugins }),
      ...(options?.refuseIfBusy === true && { refuse_if_busy: true }),
    }),
    answer: (response) => response as SDKControlReloadPluginsResponse,
  },
  reloadSkills: { subtype: 'reload_skills', changesState: true, answer: (r) => r as SDKControlReloadSkillsResponse },
  reloadOutputStyles: {
    subtype: 'reload_output_styles',
    changesState: true,
    answer: (response) => response as SDKControlReloadOutputStylesResponse,
  },
  accountInfo: { subtype: null, changesState: false, read: ({ account }) => account },
  rewindFiles: {
    subtype: 'rewind_files',
    changesState: true,
    payload: ([userMessageId, options]) => ({ user_message_id: userMessageId, ...given('dry_run', options?.dryRun) }),
    answer: (response) => response as RewindFilesResult,
  },
  seedReadState: { subtype: 'seed_read_state', changesState: true, payload: ([path, mtime]) => ({ path, mtime }) },
  reconnectMcpServer: { subtype: 'mcp_reconnect', changesState: true, payload: ([serverName]) => ({ serverName }) },
  toggleMcpServer: {
    subtype: 'mcp_toggle',
    changesState: true,
    payload: ([serverName, enabled]) => ({ serverName, enabled }),
  },
  readMcpResource: {
    subtype: 'mcp_read_resource',
    changesState: false,
    payload: ([serverName, uri]) => ({ serverName, uri }),
    answer: (response) => response as SDKControlMcpReadResourceResponse,
  },
  setMcpServers: {
    subtype: 'mcp_set_servers',
    changesState: true,
    // In-process servers are connected here first and reach the CLI by name; the others go as configs.
    payload: async ([servers], host) => {
      const { inProcess, external } = classifyMcpServers(servers);
      return { servers: { ...external, ...(await host.replaceSdkMcpServers(inProcess)) } };
    },
    answer: (response) => response as McpSetServersResult,
  },
  stopTask: { subtype: 'stop_task', changesState: true, payload: ([taskId]) => ({ task_id: taskId }) },
  backgroundTasks: {
    subtype: 'background_tasks',
    changesState: true,
    payload: ([toolUseId]) => given('tool_use_id', toolUseId),
    // False only when `toolUseId` matched no foreground task.
    answer: ({ backgrounded }) => (backgrounded as boolean | undefined) ?? true,
  },
} as const satisfies { readonly [Name in QueryControlName]: QueryControlEntry<Name> };
