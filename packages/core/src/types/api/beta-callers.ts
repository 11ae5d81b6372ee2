/* Who called a tool, and the tool references a tool search returns: leaves shared by the content and server-tool blocks. */

/** Mirror of `BetaDirectCaller` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaDirectCaller {
  type: 'direct';
}

/** Mirror of `BetaServerToolCaller` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaServerToolCaller {
  tool_id: string;
  type: 'code_execution_20250825';
}

/** Mirror of `BetaServerToolCaller20260120` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaServerToolCaller20260120 {
  tool_id: string;
  type: 'code_execution_20260120';
}

/** Mirror of `BetaToolReferenceBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolReferenceBlock {
  tool_name: string;
  type: 'tool_reference';
}
