import type { Model } from './model.js';

/** Mirror of `BetaResponseToolAdditionBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaResponseToolAdditionBlock {
  tool:
    | BetaResponseToolChangeToolReference
    | BetaResponseToolChangeMCPToolReference
    | BetaResponseToolChangeMCPToolsetReference
    | BetaToolChangeToolDefinition;
  type: 'tool_addition';
}

/** Mirror of `BetaResponseToolRemovalBlock` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaResponseToolRemovalBlock {
  tool:
    | BetaResponseToolChangeToolReference
    | BetaResponseToolChangeMCPToolReference
    | BetaResponseToolChangeMCPToolsetReference;
  type: 'tool_removal';
}

/** Mirror of `BetaResponseToolChangeToolReference` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaResponseToolChangeToolReference {
  name: string;
  type: 'tool_reference';
}

/** Mirror of `BetaResponseToolChangeMCPToolReference` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaResponseToolChangeMCPToolReference {
  name: string;
  server_name: string;
  type: 'mcp_tool_reference';
}

/**
 * Mirror of `BetaResponseToolChangeMCPToolsetReference` from `@anthropic-ai/sdk` (beta Messages
 * API).
 */
export interface BetaResponseToolChangeMCPToolsetReference {
  server_name: string;
  type: 'mcp_toolset_reference';
}

/** Mirror of `BetaToolChangeToolDefinition` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolChangeToolDefinition {
  definition: BetaResponseToolUnion;
  type: 'tool_definition';
}

/** Mirror of `BetaResponseToolUnion` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaResponseToolUnion =
  | BetaResponseTool
  | BetaToolBash20241022
  | BetaToolBash20250124
  | BetaCodeExecutionTool20250522
  | BetaCodeExecutionTool20250825
  | BetaCodeExecutionTool20260120
  | BetaCodeExecutionTool20260521
  | BetaBrowserToolset20260801
  | BetaToolComputerUse20241022
  | BetaMemoryTool20250818
  | BetaToolComputerUse20250124
  | BetaToolTextEditor20241022
  | BetaToolComputerUse20251124
  | BetaComputerToolset20260801
  | BetaToolTextEditor20250124
  | BetaToolTextEditor20250429
  | BetaToolTextEditor20250728
  | BetaWebSearchTool20250305
  | BetaWebFetchTool20250910
  | BetaWebSearchTool20260209
  | BetaWebFetchTool20260209
  | BetaWebFetchTool20260309
  | BetaWebSearchTool20260318
  | BetaWebFetchTool20260318
  | BetaAdvisorTool20260301
  | BetaToolSearchToolBm25_20251119
  | BetaToolSearchToolRegex20251119
  | BetaMCPToolset;

/** Mirror of `BetaResponseTool` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaResponseTool {
  input_schema: BetaResponseToolInputSchema;
  name: string;
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  defer_loading?: boolean;
  description?: string;
  eager_input_streaming?: boolean | null;
  input_examples?: Array<{
    [key: string]: unknown;
  }>;
  strict?: boolean;
  type?: 'custom' | null;
}

/** Mirror of `BetaToolBash20241022` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolBash20241022 {
  name: 'bash';
  type: 'bash_20241022';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  input_examples?: Array<{
    [key: string]: unknown;
  }>;
  strict?: boolean;
}

/** Mirror of `BetaToolBash20250124` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolBash20250124 {
  name: 'bash';
  type: 'bash_20250124';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  input_examples?: Array<{
    [key: string]: unknown;
  }>;
  strict?: boolean;
}

/** Mirror of `BetaCodeExecutionTool20250522` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCodeExecutionTool20250522 {
  name: 'code_execution';
  type: 'code_execution_20250522';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  strict?: boolean;
}

/** Mirror of `BetaCodeExecutionTool20250825` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCodeExecutionTool20250825 {
  name: 'code_execution';
  type: 'code_execution_20250825';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  strict?: boolean;
}

/** Mirror of `BetaCodeExecutionTool20260120` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCodeExecutionTool20260120 {
  name: 'code_execution';
  type: 'code_execution_20260120';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  strict?: boolean;
}

/** Mirror of `BetaCodeExecutionTool20260521` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCodeExecutionTool20260521 {
  name: 'code_execution';
  type: 'code_execution_20260521';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  strict?: boolean;
}

/** Mirror of `BetaBrowserToolset20260801` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserToolset20260801 {
  type: 'browser_toolset_20260801';
  cache_control?: BetaCacheControlEphemeral | null;
  configs?: BetaBrowserToolsetConfigs | null;
}

/** Mirror of `BetaToolComputerUse20241022` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolComputerUse20241022 {
  display_height_px: number;
  display_width_px: number;
  name: 'computer';
  type: 'computer_20241022';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  display_number?: number | null;
  input_examples?: Array<{
    [key: string]: unknown;
  }>;
  strict?: boolean;
}

/** Mirror of `BetaMemoryTool20250818` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMemoryTool20250818 {
  name: 'memory';
  type: 'memory_20250818';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  input_examples?: Array<{
    [key: string]: unknown;
  }>;
  strict?: boolean;
}

/** Mirror of `BetaToolComputerUse20250124` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolComputerUse20250124 {
  display_height_px: number;
  display_width_px: number;
  name: 'computer';
  type: 'computer_20250124';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  display_number?: number | null;
  input_examples?: Array<{
    [key: string]: unknown;
  }>;
  strict?: boolean;
}

/** Mirror of `BetaToolTextEditor20241022` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolTextEditor20241022 {
  name: 'str_replace_editor';
  type: 'text_editor_20241022';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  input_examples?: Array<{
    [key: string]: unknown;
  }>;
  strict?: boolean;
}

/** Mirror of `BetaToolComputerUse20251124` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolComputerUse20251124 {
  display_height_px: number;
  display_width_px: number;
  name: 'computer';
  type: 'computer_20251124';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  display_number?: number | null;
  enable_zoom?: boolean;
  input_examples?: Array<{
    [key: string]: unknown;
  }>;
  strict?: boolean;
}

/** Mirror of `BetaComputerToolset20260801` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerToolset20260801 {
  type: 'computer_toolset_20260801';
  cache_control?: BetaCacheControlEphemeral | null;
  configs?: BetaComputerToolsetConfigs | null;
}

/** Mirror of `BetaToolTextEditor20250124` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolTextEditor20250124 {
  name: 'str_replace_editor';
  type: 'text_editor_20250124';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  input_examples?: Array<{
    [key: string]: unknown;
  }>;
  strict?: boolean;
}

/** Mirror of `BetaToolTextEditor20250429` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolTextEditor20250429 {
  name: 'str_replace_based_edit_tool';
  type: 'text_editor_20250429';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  input_examples?: Array<{
    [key: string]: unknown;
  }>;
  strict?: boolean;
}

/** Mirror of `BetaToolTextEditor20250728` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolTextEditor20250728 {
  name: 'str_replace_based_edit_tool';
  type: 'text_editor_20250728';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  input_examples?: Array<{
    [key: string]: unknown;
  }>;
  max_characters?: number | null;
  strict?: boolean;
}

/** Mirror of `BetaWebSearchTool20250305` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebSearchTool20250305 {
  name: 'web_search';
  type: 'web_search_20250305';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  allowed_domains?: Array<string> | null;
  blocked_domains?: Array<string> | null;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  max_uses?: number | null;
  strict?: boolean;
  user_location?: BetaUserLocation | null;
}

/** Mirror of `BetaWebFetchTool20250910` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchTool20250910 {
  name: 'web_fetch';
  type: 'web_fetch_20250910';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  allowed_domains?: Array<string> | null;
  blocked_domains?: Array<string> | null;
  cache_control?: BetaCacheControlEphemeral | null;
  citations?: BetaCitationsConfigParam | null;
  defer_loading?: boolean;
  max_content_tokens?: number | null;
  max_uses?: number | null;
  strict?: boolean;
  url_sources?: BetaWebFetchURLSources | null;
}

/** Mirror of `BetaWebSearchTool20260209` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebSearchTool20260209 {
  name: 'web_search';
  type: 'web_search_20260209';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  allowed_domains?: Array<string> | null;
  blocked_domains?: Array<string> | null;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  max_uses?: number | null;
  strict?: boolean;
  user_location?: BetaUserLocation | null;
}

/** Mirror of `BetaWebFetchTool20260209` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchTool20260209 {
  name: 'web_fetch';
  type: 'web_fetch_20260209';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  allowed_domains?: Array<string> | null;
  blocked_domains?: Array<string> | null;
  cache_control?: BetaCacheControlEphemeral | null;
  citations?: BetaCitationsConfigParam | null;
  defer_loading?: boolean;
  max_content_tokens?: number | null;
  max_uses?: number | null;
  strict?: boolean;
  url_sources?: BetaWebFetchURLSources | null;
}

/** Mirror of `BetaWebFetchTool20260309` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchTool20260309 {
  name: 'web_fetch';
  type: 'web_fetch_20260309';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  allowed_domains?: Array<string> | null;
  blocked_domains?: Array<string> | null;
  cache_control?: BetaCacheControlEphemeral | null;
  citations?: BetaCitationsConfigParam | null;
  defer_loading?: boolean;
  max_content_tokens?: number | null;
  max_uses?: number | null;
  strict?: boolean;
  url_sources?: BetaWebFetchURLSources | null;
  use_cache?: boolean;
}

/** Mirror of `BetaWebSearchTool20260318` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebSearchTool20260318 {
  name: 'web_search';
  type: 'web_search_20260318';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  allowed_domains?: Array<string> | null;
  blocked_domains?: Array<string> | null;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  max_uses?: number | null;
  response_inclusion?: 'full' | 'excluded';
  strict?: boolean;
  user_location?: BetaUserLocation | null;
}

/** Mirror of `BetaWebFetchTool20260318` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchTool20260318 {
  name: 'web_fetch';
  type: 'web_fetch_20260318';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  allowed_domains?: Array<string> | null;
  blocked_domains?: Array<string> | null;
  cache_control?: BetaCacheControlEphemeral | null;
  citations?: BetaCitationsConfigParam | null;
  defer_loading?: boolean;
  max_content_tokens?: number | null;
  max_uses?: number | null;
  response_inclusion?: 'full' | 'excluded';
  strict?: boolean;
  url_sources?: BetaWebFetchURLSources | null;
  use_cache?: boolean;
}

/** Mirror of `BetaAdvisorTool20260301` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaAdvisorTool20260301 {
  model: Model;
  name: 'advisor';
  type: 'advisor_20260301';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  caching?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  max_tokens?: number | null;
  max_uses?: number | null;
  strict?: boolean;
}

/** Mirror of `BetaToolSearchToolBm25_20251119` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolSearchToolBm25_20251119 {
  name: 'tool_search_tool_bm25';
  type: 'tool_search_tool_bm25_20251119' | 'tool_search_tool_bm25';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  strict?: boolean;
}

/** Mirror of `BetaToolSearchToolRegex20251119` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaToolSearchToolRegex20251119 {
  name: 'tool_search_tool_regex';
  type: 'tool_search_tool_regex_20251119' | 'tool_search_tool_regex';
  allowed_callers?: Array<'direct' | 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521'>;
  cache_control?: BetaCacheControlEphemeral | null;
  defer_loading?: boolean;
  strict?: boolean;
}

/** Mirror of `BetaMCPToolset` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMCPToolset {
  mcp_server_name: string;
  type: 'mcp_toolset';
  cache_control?: BetaCacheControlEphemeral | null;
  configs?: {
    [key: string]: BetaMCPToolConfig;
  } | null;
  default_config?: BetaMCPToolDefaultConfig;
  tools?: Array<BetaMCPToolParam> | null;
}

/** Mirror of `BetaResponseToolInputSchema` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaResponseToolInputSchema {
  type: 'object';
  properties?: {
    [key: string]: unknown;
  } | null;
  required?: Array<string> | null;
  [k: string]: unknown;
}

/** Mirror of `BetaCacheControlEphemeral` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCacheControlEphemeral {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** Mirror of `BetaBrowserToolsetConfigs` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserToolsetConfigs {
  close_tab?: BetaBrowserCloseTabConfig | null;
  double_click?: BetaBrowserDoubleClickConfig | null;
  file_upload?: BetaBrowserFileUploadConfig | null;
  find?: BetaBrowserFindConfig | null;
  form_input?: BetaBrowserFormInputConfig | null;
  get_page_text?: BetaBrowserGetPageTextConfig | null;
  hold_key?: BetaBrowserHoldKeyConfig | null;
  hover?: BetaBrowserHoverConfig | null;
  javascript_exec?: BetaBrowserJavascriptExecConfig | null;
  key?: BetaBrowserKeyConfig | null;
  left_click?: BetaBrowserLeftClickConfig | null;
  left_click_drag?: BetaBrowserLeftClickDragConfig | null;
  left_mouse_down?: BetaBrowserLeftMouseDownConfig | null;
  left_mouse_up?: BetaBrowserLeftMouseUpConfig | null;
  list_tabs?: BetaBrowserListTabsConfig | null;
  middle_click?: BetaBrowserMiddleClickConfig | null;
  mouse_move?: BetaBrowserMouseMoveConfig | null;
  navigate?: BetaBrowserNavigateConfig | null;
  new_tab?: BetaBrowserNewTabConfig | null;
  read_console?: BetaBrowserReadConsoleConfig | null;
  read_network?: BetaBrowserReadNetworkConfig | null;
  read_page?: BetaBrowserReadPageConfig | null;
  right_click?: BetaBrowserRightClickConfig | null;
  screenshot?: BetaBrowserScreenshotConfig | null;
  scroll?: BetaBrowserScrollConfig | null;
  scroll_to?: BetaBrowserScrollToConfig | null;
  switch_tab?: BetaBrowserSwitchTabConfig | null;
  triple_click?: BetaBrowserTripleClickConfig | null;
  type?: BetaBrowserTypeConfig | null;
  wait?: BetaBrowserWaitConfig | null;
  zoom?: BetaBrowserZoomConfig | null;
}

/** Mirror of `BetaComputerToolsetConfigs` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerToolsetConfigs {
  cursor_position?: BetaComputerCursorPositionConfig | null;
  double_click?: BetaComputerDoubleClickConfig | null;
  hold_key?: BetaComputerHoldKeyConfig | null;
  key?: BetaComputerKeyConfig | null;
  left_click?: BetaComputerLeftClickConfig | null;
  left_click_drag?: BetaComputerLeftClickDragConfig | null;
  left_mouse_down?: BetaComputerLeftMouseDownConfig | null;
  left_mouse_up?: BetaComputerLeftMouseUpConfig | null;
  middle_click?: BetaComputerMiddleClickConfig | null;
  mouse_move?: BetaComputerMouseMoveConfig | null;
  right_click?: BetaComputerRightClickConfig | null;
  screenshot?: BetaComputerScreenshotConfig | null;
  scroll?: BetaComputerScrollConfig | null;
  triple_click?: BetaComputerTripleClickConfig | null;
  type?: BetaComputerTypeConfig | null;
  wait?: BetaComputerWaitConfig | null;
  zoom?: BetaComputerZoomConfig | null;
}

/** Mirror of `BetaUserLocation` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaUserLocation {
  type: 'approximate';
  city?: string | null;
  country?: string | null;
  region?: string | null;
  timezone?: string | null;
}

/** Mirror of `BetaCitationsConfigParam` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCitationsConfigParam {
  enabled?: boolean;
}

/** Mirror of `BetaWebFetchURLSources` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchURLSources {
  client_tool_results?:
    | BetaWebFetchURLSourceAll
    | BetaWebFetchURLSourceNone
    | BetaWebFetchURLSourceOnly
    | BetaWebFetchURLSourceExcept;
  server_tool_results?:
    | BetaWebFetchURLSourceAll
    | BetaWebFetchURLSourceNone
    | BetaWebFetchURLSourceOnly
    | BetaWebFetchURLSourceExcept;
  user_input?: BetaWebFetchURLSourceAll | BetaWebFetchURLSourceNone;
}

/** Mirror of `BetaMCPToolConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMCPToolConfig {
  defer_loading?: boolean;
  enabled?: boolean;
}

/** Mirror of `BetaMCPToolDefaultConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMCPToolDefaultConfig {
  defer_loading?: boolean;
  enabled?: boolean;
}

/** Mirror of `BetaMCPToolParam` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMCPToolParam {
  input_schema: {
    [key: string]: unknown;
  };
  name: string;
  description?: string | null;
}

/** Mirror of `BetaBrowserCloseTabConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserCloseTabConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserDoubleClickConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserDoubleClickConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserFileUploadConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserFileUploadConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserFindConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserFindConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserFormInputConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserFormInputConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserGetPageTextConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserGetPageTextConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserHoldKeyConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserHoldKeyConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserHoverConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserHoverConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserJavascriptExecConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserJavascriptExecConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserKeyConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserKeyConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserLeftClickConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserLeftClickConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserLeftClickDragConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserLeftClickDragConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserLeftMouseDownConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserLeftMouseDownConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserLeftMouseUpConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserLeftMouseUpConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserListTabsConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserListTabsConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserMiddleClickConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserMiddleClickConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserMouseMoveConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserMouseMoveConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserNavigateConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserNavigateConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserNewTabConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserNewTabConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserReadConsoleConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserReadConsoleConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserReadNetworkConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserReadNetworkConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserReadPageConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserReadPageConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserRightClickConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserRightClickConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserScreenshotConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserScreenshotConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserScrollConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserScrollConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserScrollToConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserScrollToConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserSwitchTabConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserSwitchTabConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserTripleClickConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserTripleClickConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserTypeConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserTypeConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserWaitConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserWaitConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaBrowserZoomConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaBrowserZoomConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerCursorPositionConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerCursorPositionConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerDoubleClickConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerDoubleClickConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerHoldKeyConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerHoldKeyConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerKeyConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerKeyConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerLeftClickConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerLeftClickConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerLeftClickDragConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerLeftClickDragConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerLeftMouseDownConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerLeftMouseDownConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerLeftMouseUpConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerLeftMouseUpConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerMiddleClickConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerMiddleClickConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerMouseMoveConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerMouseMoveConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerRightClickConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerRightClickConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerScreenshotConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerScreenshotConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerScrollConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerScrollConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerTripleClickConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerTripleClickConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerTypeConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerTypeConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerWaitConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerWaitConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaComputerZoomConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaComputerZoomConfig {
  defer_loading?: boolean | null;
  enabled?: boolean | null;
}

/** Mirror of `BetaWebFetchURLSourceAll` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchURLSourceAll {
  type: 'all';
}

/** Mirror of `BetaWebFetchURLSourceNone` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchURLSourceNone {
  type: 'none';
}

/** Mirror of `BetaWebFetchURLSourceOnly` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchURLSourceOnly {
  tools: Array<BetaWebFetchURLSourceToolReference>;
  type: 'only';
}

/** Mirror of `BetaWebFetchURLSourceExcept` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchURLSourceExcept {
  tools: Array<BetaWebFetchURLSourceToolReference>;
  type: 'except';
}

/** Mirror of `BetaWebFetchURLSourceToolReference` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaWebFetchURLSourceToolReference {
  name: string;
  type: 'tool_reference';
}
