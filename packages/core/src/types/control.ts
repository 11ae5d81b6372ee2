/**
 * Wire types of the stream-json control protocol. See PROTOCOL.md in the repository for the
 * observed behaviour of the CLI.
 */

/** The body of a control request; `subtype` selects the operation. */
export interface ControlRequestBody {
  subtype: string;
  [key: string]: unknown;
}

/** A control request, in either direction. */
export interface ControlRequestMessage {
  type: 'control_request';
  request_id: string;
  request: ControlRequestBody;
}

/** A successful answer to a control request. */
export interface ControlSuccessResponse {
  subtype: 'success';
  request_id: string;
  response?: Record<string, unknown>;
}

/** An error answer to a control request. */
export interface ControlErrorResponse {
  subtype: 'error';
  request_id: string;
  error: string;
  error_code?: string;
  [key: string]: unknown;
}

/** An answer to a control request, in either direction. */
export interface ControlResponseMessage {
  type: 'control_response';
  response: ControlSuccessResponse | ControlErrorResponse;
}

/** The CLI withdraws one of its requests (for example a permission prompt it no longer needs). */
export interface ControlCancelRequestMessage {
  type: 'control_cancel_request';
  request_id: string;
}

/** Any control message. */
export type ControlMessage = ControlRequestMessage | ControlResponseMessage | ControlCancelRequestMessage;

/** Any message read from the CLI: a control message or something for the user. */
export interface InboundMessage {
  type: string;
  [key: string]: unknown;
}

/** Any message written to the CLI. */
export interface OutboundMessage {
  type: string;
  [key: string]: unknown;
}

/** The CLI's answer to `initialize`. Unknown fields pass through. */
export interface InitializeResponse {
  commands?: Array<{ name: string; description?: string; argumentHint?: string; [key: string]: unknown }>;
  agents?: unknown[];
  models?: Array<{ value: string; displayName?: string; description?: string; [key: string]: unknown }>;
  account?: Record<string, unknown>;
  pid?: number;
  claude_code_version?: string;
  current_permission_mode?: string;
  capabilities?: string[];
  output_style?: string;
  available_output_styles?: string[];
  [key: string]: unknown;
}
