import type { Model } from './model.js';

/** Mirror of `BetaUsage` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaUsage {
  cache_creation: BetaCacheCreation | null;
  cache_creation_input_tokens: number | null;
  cache_read_input_tokens: number | null;
  fallback_credit: BetaFallbackCreditUsage | null;
  inference_geo: string | null;
  input_tokens: number;
  iterations: BetaIterationsUsage | null;
  output_tokens: number;
  output_tokens_details: BetaOutputTokensDetails | null;
  server_tool_use: BetaServerToolUsage | null;
  service_tier: 'standard' | 'priority' | 'batch' | null;
  speed: 'standard' | 'fast' | null;
}

/** Mirror of `BetaCacheCreation` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCacheCreation {
  ephemeral_1h_input_tokens: number;
  ephemeral_5m_input_tokens: number;
}

/** Mirror of `BetaFallbackCreditUsage` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaFallbackCreditUsage {
  status: BetaFallbackCreditRedeemed | BetaFallbackCreditNotApplied;
}

/** Mirror of `BetaIterationsUsage` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaIterationsUsage = Array<
  | BetaMessageIterationUsage
  | BetaCompactionIterationUsage
  | BetaAdvisorMessageIterationUsage
  | BetaFallbackMessageIterationUsage
>;

/** Mirror of `BetaOutputTokensDetails` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaOutputTokensDetails {
  thinking_tokens: number;
}

/** Mirror of `BetaServerToolUsage` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaServerToolUsage {
  web_fetch_requests: number;
  web_search_requests: number;
}

/** Mirror of `BetaMessageDeltaUsage` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMessageDeltaUsage {
  cache_creation_input_tokens: number | null;
  cache_read_input_tokens: number | null;
  fallback_credit: BetaFallbackCreditUsage | null;
  input_tokens: number | null;
  iterations: BetaIterationsUsage | null;
  output_tokens: number;
  output_tokens_details: BetaOutputTokensDetails | null;
  server_tool_use: BetaServerToolUsage | null;
}

/** Mirror of `BetaFallbackCreditRedeemed` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaFallbackCreditRedeemed {
  type: 'redeemed';
}

/** Mirror of `BetaFallbackCreditNotApplied` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaFallbackCreditNotApplied {
  reason:
    | 'body_mismatch'
    | 'continuation_excluded'
    | 'continuation_only'
    | 'expired'
    | 'invalid_target_model'
    | 'not_enabled'
    | 'reprice_unavailable'
    | 'temporarily_unavailable'
    | 'variant_fields_present'
    | 'wrong_organization'
    | 'wrong_platform'
    | 'wrong_workspace';
  type: 'not_applied';
  remove_to_redeem?: Array<string> | null;
}

/** Mirror of `BetaMessageIterationUsage` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMessageIterationUsage {
  cache_creation: BetaCacheCreation | null;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  input_tokens: number;
  model: Model | null;
  output_tokens: number;
  type: 'message';
}

/** Mirror of `BetaCompactionIterationUsage` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCompactionIterationUsage {
  cache_creation: BetaCacheCreation | null;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  input_tokens: number;
  output_tokens: number;
  type: 'compaction';
}

/** Mirror of `BetaAdvisorMessageIterationUsage` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaAdvisorMessageIterationUsage {
  cache_creation: BetaCacheCreation | null;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  input_tokens: number;
  model: Model;
  output_tokens: number;
  type: 'advisor_message';
}

/** Mirror of `BetaFallbackMessageIterationUsage` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaFallbackMessageIterationUsage {
  cache_creation: BetaCacheCreation | null;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  input_tokens: number;
  model: Model;
  output_tokens: number;
  type: 'fallback_message';
}
