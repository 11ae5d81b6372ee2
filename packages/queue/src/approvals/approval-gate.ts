import { type ApprovalCall, needsApproval } from '@hexagent/core';
import type {
  CanUseTool,
  HookCallback,
  HookCallbackMatcher,
  HookJSONOutput,
  Options,
  PermissionResult,
} from '@hexagent/sdk';
import { type ApprovalPolicy, DEFAULT_APPROVAL_EXPIRY_MS } from './approval-policy.js';
import { guardInProcessTools } from './guard-in-process-tools.js';

/** What {@link approvalGate} takes. */
export interface ApprovalGateParams {
  /** The ledger, the rule and the request defaults. */
  policy: ApprovalPolicy;
  /** The run's session (the CLI's session id: `options.sessionId` of a new run, `resume` of a resumed one). */
  sessionId: string;
  /** The options the run starts from: their hooks, `canUseTool` and in-process servers are kept and wrapped. */
  options: Options;
  /** Who asks, recorded on each request; default the policy's. */
  requestedBy?: string;
  /** Opaque JSON kept on each request, for whoever resumes the run. */
  context?: Record<string, unknown>;
}

/** A run's approvals: the options to run it with, and what it deferred. */
export interface ApprovalGate {
  /** The run's options plus the gate's `PreToolUse`/`PostToolUse` hooks, `canUseTool` and guarded in-process tools. */
  readonly options: Options;
  /** The tool use id of the call this run deferred, once it did. */
  readonly deferredToolUseId: string | undefined;
}

const DEFER = output('defer');

function output(
  permissionDecision: 'defer' | 'deny' | 'ask',
  extra: { permissionDecisionReason?: string; updatedInput?: Record<string, unknown> } = {},
): HookJSONOutput {
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision, ...extra } };
}

/**
 * Puts a run's tool calls behind a person's approval, enforced in three places, none of them the
 * CLI: a `PreToolUse` hook (records a gated call as pending and answers `defer`; lets an approved call
 * through as `ask` with the approved input), `canUseTool` (the same check on the input the CLI would
 * run), and the handlers of the in-process tools (a claim in the store before the handler runs, so it
 * runs at most once). See docs/durable-runs.md.
 *
 * @example
 * ```ts
 * const gate = approvalGate({ policy, sessionId, options: { mcpServers: { ops }, sessionStore } });
 * for await (const message of query({ prompt, options: { ...gate.options, sessionId } })) { ... }
 * ```
 */
export function approvalGate(params: ApprovalGateParams): ApprovalGate {
  const { policy, sessionId, options } = params;
  const { ledger, rule } = policy;
  const requestedBy = params.requestedBy ?? policy.requestedBy ?? 'agent';
  const servers = guardInProcessTools(options.mcpServers, { ledger, rule, sessionId });
  const handledByGuard = (toolName: string) =>
    [...servers.guarded].some((name) => toolName.startsWith(`mcp__${name}__`));
  const claimedByPermission = new Set<string>();
  let deferred: string | undefined;
  // Hooks of one run are taken one at a time, so "one deferred call per turn" holds when the CLI asks for several at once.
  let serial: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = serial.then(work);
    serial = next.catch(() => undefined);
    return next;
  };

  const preToolUse: HookCallback = (input) =>
    oneAtATime(async () => {
      if (input.hook_event_name !== 'PreToolUse') return {};
      const call = callOf(sessionId, input.tool_use_id, input.tool_name, input.tool_input);
      const verdict = await ledger.check(call);
      if (verdict.kind === 'allow') return output('ask', { updatedInput: verdict.input });
      if (verdict.kind === 'refuse') return output('deny', { permissionDecisionReason: verdict.message });
      if (verdict.kind === 'none' && !(await needsApproval(rule, call))) return {};
      if (deferred !== undefined && deferred !== call.toolUseId) {
        return output('deny', {
          permissionDecisionReason:
            'another call of this turn is waiting for a person’s approval; ask again after it is decided',
        });
      }
      if (verdict.kind === 'none') {
        await ledger.request({
          ...call,
          requestedBy,
          expiresInMs: policy.expiresInMs ?? DEFAULT_APPROVAL_EXPIRY_MS,
          ...(params.context === undefined ? {} : { context: params.context }),
        });
      }
      deferred = call.toolUseId;
      return DEFER;
    });

  const postToolUse: HookCallback = async (input) => {
    const ended = input.hook_event_name === 'PostToolUse' || input.hook_event_name === 'PostToolUseFailure';
    if (!ended || !claimedByPermission.has(input.tool_use_id)) return {};
    claimedByPermission.delete(input.tool_use_id);
    const record = await ledger.find(sessionId, input.tool_use_id);
    if (record !== null) {
      await ledger.finish(record.id, input.hook_event_name === 'PostToolUseFailure' ? { error: input.error } : {});
    }
    return {};
  };

  const userCanUseTool = options.canUseTool;
  const canUseTool: CanUseTool = async (toolName, input, permission): Promise<PermissionResult | null> => {
    const call = callOf(sessionId, permission.toolUseID, toolName, input);
    // An in-process tool we guard is claimed by its handler; any other approved call is claimed here.
    const verdict = handledByGuard(toolName) ? await ledger.check(call) : await ledger.claim(call);
    if (verdict.kind === 'allow') {
      if (!handledByGuard(toolName)) claimedByPermission.add(call.toolUseId);
      return { behavior: 'allow', updatedInput: verdict.input };
    }
    if (verdict.kind === 'refuse') return { behavior: 'deny', message: verdict.message };
    if (verdict.kind === 'wait') return { behavior: 'deny', message: 'this call is waiting for a person’s approval' };
    if (await needsApproval(rule, call)) {
      return { behavior: 'deny', message: 'this call needs a person’s approval and was not submitted for it' };
    }
    if (userCanUseTool !== undefined) return userCanUseTool(toolName, input, permission);
    return {
      behavior: 'deny',
      message: `${toolName} is not allowed here (not in allowedTools, and no canUseTool decides it)`,
    };
  };

  const hooks = { ...options.hooks };
  hooks.PreToolUse = [{ hooks: [preToolUse] }, ...(hooks.PreToolUse ?? [])];
  const after: HookCallbackMatcher = { hooks: [postToolUse] };
  hooks.PostToolUse = [after, ...(hooks.PostToolUse ?? [])];
  hooks.PostToolUseFailure = [after, ...(hooks.PostToolUseFailure ?? [])];
  const gated: Options = {
    ...options,
    hooks,
    canUseTool,
    ...(servers.mcpServers === undefined ? {} : { mcpServers: servers.mcpServers }),
  };
  return {
    options: gated,
    get deferredToolUseId() {
      return deferred;
    },
  };
}

function callOf(sessionId: string, toolUseId: string, toolName: string, input: unknown): ApprovalCall {
  const record = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  return { sessionId, toolUseId, toolName, input: record as Record<string, unknown> };
}
