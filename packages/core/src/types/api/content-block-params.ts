/** Mirror of `TextBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface TextBlockParam {
  text: string;
  type: 'text';
  cache_control?: CacheControlEphemeral | null;
  citations?: Array<TextCitationParam> | null;
}

/** Mirror of `ContentBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export type ContentBlockParam =
  | TextBlockParam
  | ImageBlockParam
  | DocumentBlockParam
  | SearchResultBlockParam
  | ThinkingBlockParam
  | RedactedThinkingBlockParam
  | ToolUseBlockParam
  | ToolResultBlockParam
  | ServerToolUseBlockParam
  | WebSearchToolResultBlockParam
  | WebFetchToolResultBlockParam
  | CodeExecutionToolResultBlockParam
  | BashCodeExecutionToolResultBlockParam
  | TextEditorCodeExecutionToolResultBlockParam
  | ToolSearchToolResultBlockParam
  | ContainerUploadBlockParam;

/** Mirror of `CacheControlEphemeral` from `@anthropic-ai/sdk` (Messages API). */
export interface CacheControlEphemeral {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** Mirror of `TextCitationParam` from `@anthropic-ai/sdk` (Messages API). */
export type TextCitationParam =
  | CitationCharLocationParam
  | CitationPageLocationParam
  | CitationContentBlockLocationParam
  | CitationWebSearchResultLocationParam
  | CitationSearchResultLocationParam;

/** Mirror of `ImageBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface ImageBlockParam {
  source: Base64ImageSource | URLImageSource | FileImageSource;
  type: 'image';
  cache_control?: CacheControlEphemeral | null;
  transformations?: ImageTransformationsParam | null;
}

/** Mirror of `DocumentBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface DocumentBlockParam {
  source: Base64PDFSource | PlainTextSource | ContentBlockSource | URLPDFSource | FileDocumentSource;
  type: 'document';
  cache_control?: CacheControlEphemeral | null;
  citations?: CitationsConfigParam | null;
  context?: string | null;
  title?: string | null;
}

/** Mirror of `SearchResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface SearchResultBlockParam {
  content: Array<TextBlockParam>;
  source: string;
  title: string;
  type: 'search_result';
  cache_control?: CacheControlEphemeral | null;
  citations?: CitationsConfigParam;
}

/** Mirror of `ThinkingBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface ThinkingBlockParam {
  signature: string;
  thinking: string;
  type: 'thinking';
}

/** Mirror of `RedactedThinkingBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface RedactedThinkingBlockParam {
  data: string;
  type: 'redacted_thinking';
}

/** Mirror of `ToolUseBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface ToolUseBlockParam {
  id: string;
  input: unknown;
  name: string;
  type: 'tool_use';
  cache_control?: CacheControlEphemeral | null;
  caller?: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
  toolset_name?: string | null;
}

/** Mirror of `ToolResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface ToolResultBlockParam {
  tool_use_id: string;
  type: 'tool_result';
  cache_control?: CacheControlEphemeral | null;
  content?:
    | string
    | Array<
        | TextBlockParam
        | ImageBlockParam
        | SearchResultBlockParam
        | DocumentBlockParam
        | ToolReferenceBlockParam
        | BrowserStateBlockParam
      >;
  is_error?: boolean;
  toolset_name?: string | null;
}

/** Mirror of `ServerToolUseBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface ServerToolUseBlockParam {
  id: string;
  input: unknown;
  name:
    | 'web_search'
    | 'web_fetch'
    | 'code_execution'
    | 'bash_code_execution'
    | 'text_editor_code_execution'
    | 'tool_search_tool_regex'
    | 'tool_search_tool_bm25';
  type: 'server_tool_use';
  cache_control?: CacheControlEphemeral | null;
  caller?: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
}

/** Mirror of `WebSearchToolResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface WebSearchToolResultBlockParam {
  content: WebSearchToolResultBlockParamContent;
  tool_use_id: string;
  type: 'web_search_tool_result';
  cache_control?: CacheControlEphemeral | null;
  caller?: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
}

/** Mirror of `WebFetchToolResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface WebFetchToolResultBlockParam {
  content: WebFetchToolResultErrorBlockParam | WebFetchBlockParam;
  tool_use_id: string;
  type: 'web_fetch_tool_result';
  cache_control?: CacheControlEphemeral | null;
  caller?: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
}

/** Mirror of `CodeExecutionToolResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface CodeExecutionToolResultBlockParam {
  content: CodeExecutionToolResultBlockParamContent;
  tool_use_id: string;
  type: 'code_execution_tool_result';
  cache_control?: CacheControlEphemeral | null;
}

/** Mirror of `BashCodeExecutionToolResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface BashCodeExecutionToolResultBlockParam {
  content: BashCodeExecutionToolResultErrorParam | BashCodeExecutionResultBlockParam;
  tool_use_id: string;
  type: 'bash_code_execution_tool_result';
  cache_control?: CacheControlEphemeral | null;
}

/** Mirror of `TextEditorCodeExecutionToolResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface TextEditorCodeExecutionToolResultBlockParam {
  content:
    | TextEditorCodeExecutionToolResultErrorParam
    | TextEditorCodeExecutionViewResultBlockParam
    | TextEditorCodeExecutionCreateResultBlockParam
    | TextEditorCodeExecutionStrReplaceResultBlockParam;
  tool_use_id: string;
  type: 'text_editor_code_execution_tool_result';
  cache_control?: CacheControlEphemeral | null;
}

/** Mirror of `ToolSearchToolResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface ToolSearchToolResultBlockParam {
  content: ToolSearchToolResultErrorParam | ToolSearchToolSearchResultBlockParam;
  tool_use_id: string;
  type: 'tool_search_tool_result';
  cache_control?: CacheControlEphemeral | null;
}

/** Mirror of `ContainerUploadBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface ContainerUploadBlockParam {
  file_id: string;
  type: 'container_upload';
  cache_control?: CacheControlEphemeral | null;
}

/** Mirror of `CitationCharLocationParam` from `@anthropic-ai/sdk` (Messages API). */
export interface CitationCharLocationParam {
  cited_text: string;
  document_index: number;
  document_title: string | null;
  end_char_index: number;
  start_char_index: number;
  type: 'char_location';
}

/** Mirror of `CitationPageLocationParam` from `@anthropic-ai/sdk` (Messages API). */
export interface CitationPageLocationParam {
  cited_text: string;
  document_index: number;
  document_title: string | null;
  end_page_number: number;
  start_page_number: number;
  type: 'page_location';
}

/** Mirror of `CitationContentBlockLocationParam` from `@anthropic-ai/sdk` (Messages API). */
export interface CitationContentBlockLocationParam {
  cited_text: string;
  document_index: number;
  document_title: string | null;
  end_block_index: number;
  start_block_index: number;
  type: 'content_block_location';
}

/** Mirror of `CitationWebSearchResultLocationParam` from `@anthropic-ai/sdk` (Messages API). */
export interface CitationWebSearchResultLocationParam {
  cited_text: string;
  encrypted_index: string;
  title: string | null;
  type: 'web_search_result_location';
  url: string;
}

/** Mirror of `CitationSearchResultLocationParam` from `@anthropic-ai/sdk` (Messages API). */
export interface CitationSearchResultLocationParam {
  cited_text: string;
  end_block_index: number;
  search_result_index: number;
  source: string;
  start_block_index: number;
  title: string | null;
  type: 'search_result_location';
}

/** Mirror of `Base64ImageSource` from `@anthropic-ai/sdk` (Messages API). */
export interface Base64ImageSource {
  data: string;
  media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  type: 'base64';
}

/** Mirror of `URLImageSource` from `@anthropic-ai/sdk` (Messages API). */
export interface URLImageSource {
  type: 'url';
  url: string;
}

/** Mirror of `FileImageSource` from `@anthropic-ai/sdk` (Messages API). */
export interface FileImageSource {
  file_id: string;
  type: 'file';
}

/** Mirror of `ImageTransformationsParam` from `@anthropic-ai/sdk` (Messages API). */
export interface ImageTransformationsParam {
  oversized_image?: 'downsize' | 'error';
}

/** Mirror of `Base64PDFSource` from `@anthropic-ai/sdk` (Messages API). */
export interface Base64PDFSource {
  data: string;
  media_type: 'application/pdf';
  type: 'base64';
}

/** Mirror of `PlainTextSource` from `@anthropic-ai/sdk` (Messages API). */
export interface PlainTextSource {
  data: string;
  media_type: 'text/plain';
  type: 'text';
}

/** Mirror of `ContentBlockSource` from `@anthropic-ai/sdk` (Messages API). */
export interface ContentBlockSource {
  content: string | Array<ContentBlockSourceContent>;
  type: 'content';
}

/** Mirror of `URLPDFSource` from `@anthropic-ai/sdk` (Messages API). */
export interface URLPDFSource {
  type: 'url';
  url: string;
}

/** Mirror of `FileDocumentSource` from `@anthropic-ai/sdk` (Messages API). */
export interface FileDocumentSource {
  file_id: string;
  type: 'file';
}

/** Mirror of `CitationsConfigParam` from `@anthropic-ai/sdk` (Messages API). */
export interface CitationsConfigParam {
  enabled?: boolean;
}

/** Mirror of `DirectCaller` from `@anthropic-ai/sdk` (Messages API). */
export interface DirectCaller {
  type: 'direct';
}

/** Mirror of `ServerToolCaller` from `@anthropic-ai/sdk` (Messages API). */
export interface ServerToolCaller {
  tool_id: string;
  type: 'code_execution_20250825';
}

/** Mirror of `ServerToolCaller20260120` from `@anthropic-ai/sdk` (Messages API). */
export interface ServerToolCaller20260120 {
  tool_id: string;
  type: 'code_execution_20260120';
}

/** Mirror of `ToolReferenceBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface ToolReferenceBlockParam {
  tool_name: string;
  type: 'tool_reference';
  cache_control?: CacheControlEphemeral | null;
}

/** Mirror of `BrowserStateBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface BrowserStateBlockParam {
  tabs: Array<BrowserStateTabEntry>;
  type: 'browser_state';
  cache_control?: CacheControlEphemeral | null;
  state_changes?: Array<BrowserStateChange> | null;
}

/** Mirror of `WebSearchToolResultBlockParamContent` from `@anthropic-ai/sdk` (Messages API). */
export type WebSearchToolResultBlockParamContent = Array<WebSearchResultBlockParam> | WebSearchToolRequestErrorObject;

/** Mirror of `WebFetchToolResultErrorBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface WebFetchToolResultErrorBlockParam {
  error_code: WebFetchToolResultErrorCode;
  type: 'web_fetch_tool_result_error';
}

/** Mirror of `WebFetchBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface WebFetchBlockParam {
  content: DocumentBlockParam;
  type: 'web_fetch_result';
  url: string;
  retrieved_at?: string | null;
}

/** Mirror of `CodeExecutionToolResultBlockParamContent` from `@anthropic-ai/sdk` (Messages API). */
export type CodeExecutionToolResultBlockParamContent =
  | CodeExecutionToolResultErrorParam
  | CodeExecutionResultBlockParam
  | EncryptedCodeExecutionResultBlockParam;

/** Mirror of `BashCodeExecutionToolResultErrorParam` from `@anthropic-ai/sdk` (Messages API). */
export interface BashCodeExecutionToolResultErrorParam {
  error_code: BashCodeExecutionToolResultErrorCode;
  type: 'bash_code_execution_tool_result_error';
}

/** Mirror of `BashCodeExecutionResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface BashCodeExecutionResultBlockParam {
  content: Array<BashCodeExecutionOutputBlockParam>;
  return_code: number;
  stderr: string;
  stdout: string;
  type: 'bash_code_execution_result';
}

/** Mirror of `TextEditorCodeExecutionToolResultErrorParam` from `@anthropic-ai/sdk` (Messages API). */
export interface TextEditorCodeExecutionToolResultErrorParam {
  error_code: TextEditorCodeExecutionToolResultErrorCode;
  type: 'text_editor_code_execution_tool_result_error';
  error_message?: string | null;
}

/** Mirror of `TextEditorCodeExecutionViewResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface TextEditorCodeExecutionViewResultBlockParam {
  content: string;
  file_type: 'text' | 'image' | 'pdf';
  type: 'text_editor_code_execution_view_result';
  num_lines?: number | null;
  start_line?: number | null;
  total_lines?: number | null;
}

/**
 * Mirror of `TextEditorCodeExecutionCreateResultBlockParam` from `@anthropic-ai/sdk` (Messages
 * API).
 */
export interface TextEditorCodeExecutionCreateResultBlockParam {
  is_file_update: boolean;
  type: 'text_editor_code_execution_create_result';
}

/**
 * Mirror of `TextEditorCodeExecutionStrReplaceResultBlockParam` from `@anthropic-ai/sdk` (Messages
 * API).
 */
export interface TextEditorCodeExecutionStrReplaceResultBlockParam {
  type: 'text_editor_code_execution_str_replace_result';
  lines?: Array<string> | null;
  new_lines?: number | null;
  new_start?: number | null;
  old_lines?: number | null;
  old_start?: number | null;
}

/** Mirror of `ToolSearchToolResultErrorParam` from `@anthropic-ai/sdk` (Messages API). */
export interface ToolSearchToolResultErrorParam {
  error_code: ToolSearchToolResultErrorCode;
  type: 'tool_search_tool_result_error';
  error_message?: string | null;
}

/** Mirror of `ToolSearchToolSearchResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface ToolSearchToolSearchResultBlockParam {
  tool_references: Array<ToolReferenceBlockParam>;
  type: 'tool_search_tool_search_result';
}

/** Mirror of `ContentBlockSourceContent` from `@anthropic-ai/sdk` (Messages API). */
export type ContentBlockSourceContent = TextBlockParam | ImageBlockParam;

/** Mirror of `BrowserStateTabEntry` from `@anthropic-ai/sdk` (Messages API). */
export interface BrowserStateTabEntry {
  tab_id: string;
  title: string;
  url: string;
  active?: boolean;
}

/** Mirror of `BrowserStateChange` from `@anthropic-ai/sdk` (Messages API). */
export type BrowserStateChange =
  | BrowserStateChangeTabOpened
  | BrowserStateChangeDownloadStarted
  | BrowserStateChangeDownloadCompleted
  | BrowserStateChangeDownloadFailed;

/** Mirror of `WebSearchResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface WebSearchResultBlockParam {
  encrypted_content: string;
  title: string;
  type: 'web_search_result';
  url: string;
  page_age?: string | null;
}

/** Mirror of `WebSearchToolRequestErrorObject` from `@anthropic-ai/sdk` (Messages API). */
export interface WebSearchToolRequestErrorObject {
  error_code: WebSearchToolResultErrorCode;
  type: 'web_search_tool_result_error';
}

/** Mirror of `WebFetchToolResultErrorCode` from `@anthropic-ai/sdk` (Messages API). */
export type WebFetchToolResultErrorCode =
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

/** Mirror of `CodeExecutionToolResultErrorParam` from `@anthropic-ai/sdk` (Messages API). */
export interface CodeExecutionToolResultErrorParam {
  error_code: CodeExecutionToolResultErrorCode;
  type: 'code_execution_tool_result_error';
}

/** Mirror of `CodeExecutionResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface CodeExecutionResultBlockParam {
  content: Array<CodeExecutionOutputBlockParam>;
  return_code: number;
  stderr: string;
  stdout: string;
  type: 'code_execution_result';
}

/** Mirror of `EncryptedCodeExecutionResultBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface EncryptedCodeExecutionResultBlockParam {
  content: Array<CodeExecutionOutputBlockParam>;
  encrypted_stdout: string;
  return_code: number;
  stderr: string;
  type: 'encrypted_code_execution_result';
}

/** Mirror of `BashCodeExecutionToolResultErrorCode` from `@anthropic-ai/sdk` (Messages API). */
export type BashCodeExecutionToolResultErrorCode =
  | 'invalid_tool_input'
  | 'unavailable'
  | 'too_many_requests'
  | 'execution_time_exceeded'
  | 'output_file_too_large';

/** Mirror of `BashCodeExecutionOutputBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface BashCodeExecutionOutputBlockParam {
  file_id: string;
  type: 'bash_code_execution_output';
}

/** Mirror of `TextEditorCodeExecutionToolResultErrorCode` from `@anthropic-ai/sdk` (Messages API). */
export type TextEditorCodeExecutionToolResultErrorCode =
  | 'invalid_tool_input'
  | 'unavailable'
  | 'too_many_requests'
  | 'execution_time_exceeded'
  | 'file_not_found';

/** Mirror of `ToolSearchToolResultErrorCode` from `@anthropic-ai/sdk` (Messages API). */
export type ToolSearchToolResultErrorCode =
  | 'invalid_tool_input'
  | 'unavailable'
  | 'too_many_requests'
  | 'execution_time_exceeded';

/** Mirror of `BrowserStateChangeTabOpened` from `@anthropic-ai/sdk` (Messages API). */
export interface BrowserStateChangeTabOpened {
  tab_id: string;
  type: 'tab_opened';
}

/** Mirror of `BrowserStateChangeDownloadStarted` from `@anthropic-ai/sdk` (Messages API). */
export interface BrowserStateChangeDownloadStarted {
  download_id: string;
  type: 'download_started';
  url: string;
}

/** Mirror of `BrowserStateChangeDownloadCompleted` from `@anthropic-ai/sdk` (Messages API). */
export interface BrowserStateChangeDownloadCompleted {
  download_id: string;
  type: 'download_completed';
  url: string;
  path?: string | null;
  size_bytes?: number | null;
}

/** Mirror of `BrowserStateChangeDownloadFailed` from `@anthropic-ai/sdk` (Messages API). */
export interface BrowserStateChangeDownloadFailed {
  download_id: string;
  type: 'download_failed';
  url: string;
  error?: string | null;
}

/** Mirror of `WebSearchToolResultErrorCode` from `@anthropic-ai/sdk` (Messages API). */
export type WebSearchToolResultErrorCode =
  | 'invalid_tool_input'
  | 'unavailable'
  | 'max_uses_exceeded'
  | 'too_many_requests'
  | 'query_too_long'
  | 'request_too_large';

/** Mirror of `CodeExecutionToolResultErrorCode` from `@anthropic-ai/sdk` (Messages API). */
export type CodeExecutionToolResultErrorCode =
  | 'invalid_tool_input'
  | 'unavailable'
  | 'too_many_requests'
  | 'execution_time_exceeded';

/** Mirror of `CodeExecutionOutputBlockParam` from `@anthropic-ai/sdk` (Messages API). */
export interface CodeExecutionOutputBlockParam {
  file_id: string;
  type: 'code_execution_output';
}
