import type {
  BetaDirectCaller,
  BetaServerToolCaller,
  BetaServerToolCaller20260120,
  BetaToolReferenceBlock,
} from './beta-callers.js';
import type { BetaCitationConfig } from './beta-citations.js';

/** Mirror of `BetaWebSearchToolResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebSearchToolResultBlock {
  content: BetaWebSearchToolResultBlockContent;
  tool_use_id: string;
  type: 'web_search_tool_result';
  caller?: BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120;
}

/** Mirror of `BetaWebFetchToolResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchToolResultBlock {
  content: BetaWebFetchToolResultErrorBlock | BetaWebFetchBlock;
  tool_use_id: string;
  type: 'web_fetch_tool_result';
  caller?: BetaDirectCaller | BetaServerToolCaller | BetaServerToolCaller20260120;
}

/** Mirror of `BetaAdvisorToolResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaAdvisorToolResultBlock {
  content: BetaAdvisorToolResultErrorObject | BetaAdvisorResultBlock | BetaAdvisorRedactedResultBlock;
  tool_use_id: string;
  type: 'advisor_tool_result';
}

/** Mirror of `BetaCodeExecutionToolResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCodeExecutionToolResultBlock {
  content: BetaCodeExecutionToolResultBlockContent;
  tool_use_id: string;
  type: 'code_execution_tool_result';
}

/** Mirror of `BetaBashCodeExecutionToolResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBashCodeExecutionToolResultBlock {
  content: BetaBashCodeExecutionToolResultErrorObject | BetaBashCodeExecutionResultBlock;
  tool_use_id: string;
  type: 'bash_code_execution_tool_result';
}

/**
 * Mirror of `BetaTextEditorCodeExecutionToolResultBlock` from `@anthropic-ai/sdk` (beta Messages
 * API).
 */
export interface BetaTextEditorCodeExecutionToolResultBlock {
  content:
    | BetaTextEditorCodeExecutionToolResultErrorObject
    | BetaTextEditorCodeExecutionViewResultBlock
    | BetaTextEditorCodeExecutionCreateResultBlock
    | BetaTextEditorCodeExecutionStrReplaceResultBlock;
  tool_use_id: string;
  type: 'text_editor_code_execution_tool_result';
}

/** Mirror of `BetaToolSearchToolResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolSearchToolResultBlock {
  content: BetaToolSearchToolResultErrorObject | BetaToolSearchToolSearchResultBlock;
  tool_use_id: string;
  type: 'tool_search_tool_result';
}

/** Mirror of `BetaWebSearchToolResultBlockContent` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaWebSearchToolResultBlockContent = BetaWebSearchToolResultErrorObject | Array<BetaWebSearchResultBlock>;

/** Mirror of `BetaWebFetchToolResultErrorBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchToolResultErrorBlock {
  error_code: BetaWebFetchToolResultErrorCode;
  type: 'web_fetch_tool_result_error';
}

/** Mirror of `BetaWebFetchBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchBlock {
  content: BetaDocumentBlock;
  retrieved_at: string | null;
  type: 'web_fetch_result';
  url: string;
}

/** Mirror of `BetaAdvisorToolResultErrorObject` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaAdvisorToolResultErrorObject {
  error_code:
    | 'max_uses_exceeded'
    | 'prompt_too_long'
    | 'too_many_requests'
    | 'overloaded'
    | 'unavailable'
    | 'execution_time_exceeded'
    | 'model_not_found';
  type: 'advisor_tool_result_error';
}

/** Mirror of `BetaAdvisorResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaAdvisorResultBlock {
  stop_reason: string | null;
  text: string;
  type: 'advisor_result';
}

/** Mirror of `BetaAdvisorRedactedResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaAdvisorRedactedResultBlock {
  encrypted_content: string;
  stop_reason: string | null;
  type: 'advisor_redacted_result';
}

/**
 * Mirror of `BetaCodeExecutionToolResultBlockContent` from `@anthropic-ai/sdk` (beta Messages
 * API).
 */
export type BetaCodeExecutionToolResultBlockContent =
  | BetaCodeExecutionToolResultErrorObject
  | BetaCodeExecutionResultBlock
  | BetaEncryptedCodeExecutionResultBlock;

/**
 * Mirror of `BetaBashCodeExecutionToolResultErrorObject` from `@anthropic-ai/sdk` (beta Messages
 * API).
 */
export interface BetaBashCodeExecutionToolResultErrorObject {
  error_code:
    | 'invalid_tool_input'
    | 'unavailable'
    | 'too_many_requests'
    | 'execution_time_exceeded'
    | 'output_file_too_large';
  type: 'bash_code_execution_tool_result_error';
}

/** Mirror of `BetaBashCodeExecutionResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBashCodeExecutionResultBlock {
  content: Array<BetaBashCodeExecutionOutputBlock>;
  return_code: number;
  stderr: string;
  stdout: string;
  type: 'bash_code_execution_result';
}

/**
 * Mirror of `BetaTextEditorCodeExecutionToolResultErrorObject` from `@anthropic-ai/sdk` (beta
 * Messages API).
 */
export interface BetaTextEditorCodeExecutionToolResultErrorObject {
  error_code: 'invalid_tool_input' | 'unavailable' | 'too_many_requests' | 'execution_time_exceeded' | 'file_not_found';
  error_message: string | null;
  type: 'text_editor_code_execution_tool_result_error';
}

/**
 * Mirror of `BetaTextEditorCodeExecutionViewResultBlock` from `@anthropic-ai/sdk` (beta Messages
 * API).
 */
export interface BetaTextEditorCodeExecutionViewResultBlock {
  content: string;
  file_type: 'text' | 'image' | 'pdf';
  num_lines: number | null;
  start_line: number | null;
  total_lines: number | null;
  type: 'text_editor_code_execution_view_result';
}

/**
 * Mirror of `BetaTextEditorCodeExecutionCreateResultBlock` from `@anthropic-ai/sdk` (beta Messages
 * API).
 */
export interface BetaTextEditorCodeExecutionCreateResultBlock {
  is_file_update: boolean;
  type: 'text_editor_code_execution_create_result';
}

/**
 * Mirror of `BetaTextEditorCodeExecutionStrReplaceResultBlock` from `@anthropic-ai/sdk` (beta
 * Messages API).
 */
export interface BetaTextEditorCodeExecutionStrReplaceResultBlock {
  lines: Array<string> | null;
  new_lines: number | null;
  new_start: number | null;
  old_lines: number | null;
  old_start: number | null;
  type: 'text_editor_code_execution_str_replace_result';
}

/** Mirror of `BetaToolSearchToolResultErrorObject` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolSearchToolResultErrorObject {
  error_code: 'invalid_tool_input' | 'unavailable' | 'too_many_requests' | 'execution_time_exceeded';
  error_message: string | null;
  type: 'tool_search_tool_result_error';
}

/** Mirror of `BetaToolSearchToolSearchResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolSearchToolSearchResultBlock {
  tool_references: Array<BetaToolReferenceBlock>;
  type: 'tool_search_tool_search_result';
}

/** Mirror of `BetaWebSearchToolResultErrorObject` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebSearchToolResultErrorObject {
  error_code: BetaWebSearchToolResultErrorCode;
  type: 'web_search_tool_result_error';
}

/** Mirror of `BetaWebSearchResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebSearchResultBlock {
  encrypted_content: string;
  page_age: string | null;
  title: string;
  type: 'web_search_result';
  url: string;
}

/** Mirror of `BetaWebFetchToolResultErrorCode` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaWebFetchToolResultErrorCode =
  | 'invalid_tool_input'
  | 'url_too_long'
  | 'url_not_allowed'
  | 'url_not_in_prior_context'
  | 'url_not_accessible'
  | 'unsupported_content_type'
  | 'too_many_requests'
  | 'max_uses_exceeded'
  | 'unavailable'
  | 'content_too_large';

/** Mirror of `BetaDocumentBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaDocumentBlock {
  citations: BetaCitationConfig | null;
  source: BetaBase64PDFSource | BetaPlainTextSource;
  title: string | null;
  type: 'document';
}

/** Mirror of `BetaCodeExecutionToolResultErrorObject` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCodeExecutionToolResultErrorObject {
  error_code: BetaCodeExecutionToolResultErrorCode;
  type: 'code_execution_tool_result_error';
}

/** Mirror of `BetaCodeExecutionResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCodeExecutionResultBlock {
  content: Array<BetaCodeExecutionOutputBlock>;
  return_code: number;
  stderr: string;
  stdout: string;
  type: 'code_execution_result';
}

/** Mirror of `BetaEncryptedCodeExecutionResultBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaEncryptedCodeExecutionResultBlock {
  content: Array<BetaCodeExecutionOutputBlock>;
  encrypted_stdout: string;
  return_code: number;
  stderr: string;
  type: 'encrypted_code_execution_result';
}

/** Mirror of `BetaBashCodeExecutionOutputBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBashCodeExecutionOutputBlock {
  file_id: string;
  type: 'bash_code_execution_output';
}

/** Mirror of `BetaWebSearchToolResultErrorCode` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaWebSearchToolResultErrorCode =
  | 'invalid_tool_input'
  | 'unavailable'
  | 'max_uses_exceeded'
  | 'too_many_requests'
  | 'query_too_long'
  | 'request_too_large';

/** Mirror of `BetaBase64PDFSource` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBase64PDFSource {
  data: string;
  media_type: 'application/pdf';
  type: 'base64';
}

/** Mirror of `BetaPlainTextSource` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaPlainTextSource {
  data: string;
  media_type: 'text/plain';
  type: 'text';
}

/** Mirror of `BetaCodeExecutionToolResultErrorCode` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaCodeExecutionToolResultErrorCode =
  | 'invalid_tool_input'
  | 'unavailable'
  | 'too_many_requests'
  | 'execution_time_exceeded';

/** Mirror of `BetaCodeExecutionOutputBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCodeExecutionOutputBlock {
  file_id: string;
  type: 'code_execution_output';
}
