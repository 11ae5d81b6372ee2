import type { ElicitResult } from './mcp/elicit-result.js';

/** An MCP server asks the user for input (a form or a URL to open). */
export type ElicitationRequest = {
  serverName: string;
  message: string;
  mode?: 'form' | 'url';
  url?: string;
  elicitationId?: string;
  requestedSchema?: Record<string, unknown>;
  title?: string;
  displayName?: string;
  description?: string;
};

/** The answer to an elicitation: accept (with content), decline or cancel. */
export type ElicitationResult = ElicitResult;

/** Answers MCP elicitation requests that no hook answered. */
export type OnElicitation = (
  request: ElicitationRequest,
  options: {
    signal: AbortSignal;
    requestId: string;
  },
) => Promise<ElicitationResult | null>;

/** The CLI asks the host to show a blocking dialog. */
export type UserDialogRequest = {
  dialogKind: string;
  payload: Record<string, unknown>;
  toolUseID?: string;
};

/** The answer to a user dialog. */
export type UserDialogResult =
  | {
      behavior: 'completed';
      result: unknown;
    }
  | {
      behavior: 'cancelled';
    };

/** Answers the CLI's user dialog requests. */
export type OnUserDialog = (
  request: UserDialogRequest,
  options: {
    signal: AbortSignal;
    requestId: string;
  },
) => Promise<UserDialogResult | null>;
