import type { BetaDirectCaller, BetaServerToolCaller, BetaServerToolCaller20260120 } from './beta-callers.js';
import type { BetaTextCitation } from './beta-citations.js';
import type { BetaFallbackInfo, BetaFallbackRefusalTrigger } from './beta-fallback.js';
import type {
  BetaAdvisorToolResultBlock,
  BetaBashCodeExecutionToolResultBlock,
  BetaCodeExecutionToolResultBlock,
  BetaTextEditorCodeExecutionToolResultBlock,
  BetaToolSearchToolResultBlock,
  BetaWebFetchToolResultBlock,
  BetaWebSearchToolResultBlock,
} from './beta-server-tool-blocks.js';
import type { BetaResponseToolAdditionBlock, BetaResponseToolRemovalBlock } from './beta-tool-definitions.js';

/** Mirror of `BetaContentBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaContentBlock =
  | BetaTextBlock
  | BetaThinkingBlock
  | BetaRedactedThinkingBlock
  | BetaToolUseBlock
  | BetaServerToolUseBlock
  | BetaWebSearchToolResultBlock
  | BetaWebFetchToolResultBlock
  | BetaAdvisorToolResultBlock
  | BetaCodeExecutionToolResultBlock
  | BetaBashCodeExecutionToolResultBlock
  | BetaTextEditorCodeExecutionToolResultBlock
  | BetaToolSearchToolResultBlock
  | BetaMCPToolUseBlock
  | BetaMCPToolResultBlock
  | BetaContainerUploadBlock
  | BetaCompactionBlock
  | BetaFallbackBlock
  | BetaMCPToolListingBlock;

/** Mirror of `BetaTextBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaTextBlock {
  citations: Array<BetaTextCitation> | null;
  text: string;
  type: 'text';
}

/** Mirror of `BetaThinkingBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaThinkingBlock {
  signature: string;
  thinking: string;
  type: 'thinking';
}

/** Mirror of `BetaRedactedThinkingBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaRedactedThinkingBlock {
  data: string;
  type: 'redacted_thinking';
}

/** Mirror of `BetaToolUseBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolUseBlock {
  id: string;
  input: unknown;
  name: string;
  type: 'tool_use';
  caller?: BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120;
  toolset_name?: string | null;
}

/** Mirror of `BetaServerToolUseBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaServerToolUseBlock {
  id: string;
  input: {
    [key: string]: unknown;
  };
  name:
    | 'advisor'
    | 'web_search'
    | 'web_fetch'
    | 'code_execution'
    | 'bash_code_execution'
    | 'text_editor_code_execution'
    | 'tool_search_tool_regex'
    | 'tool_search_tool_bm25';
  type: 'server_tool_use';
  caller?: BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120;
}

/** Mirror of `BetaMCPToolUseBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMCPToolUseBlock {
  id: string;
  input: unknown;
  name: string;
  server_name: string;
  type: 'mcp_tool_use';
}

/** Mirror of `BetaMCPToolResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMCPToolResultBlock {
  content: string | Array<BetaTextBlock>;
  is_error: boolean;
  tool_use_id: string;
  type: 'mcp_tool_result';
}

/** Mirror of `BetaContainerUploadBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaContainerUploadBlock {
  file_id: string;
  type: 'container_upload';
}

/** Mirror of `BetaCompactionBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCompactionBlock {
  content: string | null;
  encrypted_content: string | null;
  type: 'compaction';
  signature?: string | null;
  tool_changes?: Array<BetaResponseToolAdditionBlock | BetaResponseToolRemovalBlock> | null;
}

/** Mirror of `BetaFallbackBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaFallbackBlock {
  from: BetaFallbackInfo;
  to: BetaFallbackInfo;
  trigger: BetaFallbackRefusalTrigger;
  type: 'fallback';
}

/** Mirror of `BetaMCPToolListingBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMCPToolListingBlock {
  mcp_server_name: string;
  tools: Array<BetaMCPTool>;
  type: 'mcp_tool_listing';
}

/** Mirror of `BetaMCPTool` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMCPTool {
  input_schema: {
    [key: string]: unknown;
  };
  name: string;
  description?: string;
}
