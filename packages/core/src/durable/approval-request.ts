/**
 * What the approval ledger is asked about: a gated call to record ({@link ApprovalRequest}) and a
 * call as a hook, `canUseTool` or a handler presents it ({@link ApprovalCall}).
 *
 * @packageDocumentation
 */

/** A gated call to record as pending. */
export interface ApprovalRequest {
  /** The session of the run. */
  sessionId: string;
  /** The model's `tool_use` id. */
  toolUseId: string;
  /** The tool's name. */
  toolName: string;
  /** The input the model gave. */
  input: Record<string, unknown>;
  /** Who asks (a label the application gives). */
  requestedBy: string;
  /** How long a decision may take, in ms from now (the store's clock). */
  expiresInMs: number;
  /** Opaque JSON kept with the record for whoever resumes the run. */
  context?: Record<string, unknown>;
  /**
   * What is decided, when it is not whether to run the call: a record of its own beside the call's
   * approval (`'interrupted'`: a call cut by a crash, whose approval to run is already `running`).
   */
  subject?: string;
}

/** A tool call as a hook, `canUseTool` or a handler sees it. */
export interface ApprovalCall {
  /** The session of the run. */
  sessionId: string;
  /** The model's `tool_use` id. */
  toolUseId: string;
  /** The tool's name. */
  toolName: string;
  /** The input presented. */
  input: Record<string, unknown>;
}
