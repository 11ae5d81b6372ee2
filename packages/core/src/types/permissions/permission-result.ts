import type { PermissionUpdate } from './permission-update.js';

/** Allow the tool call, optionally with changed input and new rules. */
export type PermissionAllow = {
  behavior: 'allow';
  /** The input the tool will run with; defaults to the input the model gave. */
  updatedInput?: Record<string, unknown>;
  /** Rules to add so the CLI stops asking (usually one of the `suggestions`). */
  updatedPermissions?: PermissionUpdate[];
  /** The id of the tool call decided. */
  toolUseID?: string;
  /** How the user decided, for telemetry. */
  decisionClassification?: PermissionDecisionClassification;
};

/** Deny the tool call; `message` reaches the model. */
export type PermissionDeny = {
  behavior: 'deny';
  /** Why; the model sees this text as the tool's error result. */
  message: string;
  /** Also interrupt the turn. */
  interrupt?: boolean;
  /** The id of the tool call decided. */
  toolUseID?: string;
  /** How the user decided, for telemetry. */
  decisionClassification?: PermissionDecisionClassification;
};

/**
 * What a `canUseTool` callback answers: allow (optionally with changed input and new rules) or
 * deny (with a message the model sees).
 */
export type PermissionResult = PermissionAllow | PermissionDeny;

/** How the user decided a permission prompt, for telemetry. */
export type PermissionDecisionClassification = 'user_temporary' | 'user_permanent' | 'user_reject';
