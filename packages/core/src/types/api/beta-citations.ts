/** Mirror of `BetaTextCitation` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaTextCitation =
  | BetaCitationCharLocation
  | BetaCitationPageLocation
  | BetaCitationContentBlockLocation
  | BetaCitationsWebSearchResultLocation
  | BetaCitationSearchResultLocation;

/** Mirror of `BetaCitationCharLocation` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCitationCharLocation {
  cited_text: string;
  document_index: number;
  document_title: string | null;
  end_char_index: number;
  file_id: string | null;
  start_char_index: number;
  type: 'char_location';
}

/** Mirror of `BetaCitationPageLocation` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCitationPageLocation {
  cited_text: string;
  document_index: number;
  document_title: string | null;
  end_page_number: number;
  file_id: string | null;
  start_page_number: number;
  type: 'page_location';
}

/** Mirror of `BetaCitationContentBlockLocation` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCitationContentBlockLocation {
  cited_text: string;
  document_index: number;
  document_title: string | null;
  end_block_index: number;
  file_id: string | null;
  start_block_index: number;
  type: 'content_block_location';
}

/** Mirror of `BetaCitationsWebSearchResultLocation` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCitationsWebSearchResultLocation {
  cited_text: string;
  encrypted_index: string;
  title: string | null;
  type: 'web_search_result_location';
  url: string;
}

/** Mirror of `BetaCitationSearchResultLocation` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCitationSearchResultLocation {
  cited_text: string;
  end_block_index: number;
  search_result_index: number;
  source: string;
  start_block_index: number;
  title: string | null;
  type: 'search_result_location';
}

/** Mirror of `BetaCitationConfig` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCitationConfig {
  enabled: boolean;
}
