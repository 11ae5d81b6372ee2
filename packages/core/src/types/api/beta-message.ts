import type { BetaContentBlock } from './beta-content-blocks.js';
import type { BetaUsage } from './beta-usage.js';
import type { Model } from './model.js';

/** Mirror of `BetaMessage` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaMessage {
  id: string;
  container: BetaContainer | null;
  content: Array<BetaContentBlock>;
  context_management: BetaContextManagementResponse | null;
  diagnostics: BetaDiagnostics | null;
  model: Model;
  role: 'assistant';
  stop_details: BetaRefusalStopDetails | null;
  stop_reason: BetaStopReason | null;
  stop_sequence: string | null;
  type: 'message';
  usage: BetaUsage;
  input_transformations?: Array<BetaInputTransformation> | null;
}

/** Mirror of `BetaContainer` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaContainer {
  id: string;
  expires_at: string;
  skills: Array<BetaContainerSkill> | null;
}

/** Mirror of `BetaContextManagementResponse` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaContextManagementResponse {
  applied_edits: Array<BetaClearToolUses20250919EditResponse | BetaClearThinking20251015EditResponse>;
}

/** Mirror of `BetaDiagnostics` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaDiagnostics {
  cache_miss_reason: BetaCacheMissReason | null;
}

/** Mirror of `BetaRefusalStopDetails` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaRefusalStopDetails {
  category: 'cyber' | 'bio' | 'frontier_llm' | 'reasoning_extraction' | 'general_harms' | null;
  explanation: string | null;
  fallback_credit_token: string | null;
  fallback_has_prefill_claim: boolean | null;
  recommended_model: string | null;
  type: 'refusal';
}

/** Mirror of `BetaStopReason` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaStopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'compaction'
  | 'refusal'
  | 'model_context_window_exceeded';

/** Mirror of `BetaInputTransformation` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaInputTransformation =
  | BetaThinkingDroppedInputTransformation
  | BetaThinkingMismatchAllowedInputTransformation;

/** Mirror of `BetaContainerSkill` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaContainerSkill {
  skill_id: string;
  type: 'anthropic' | 'custom';
  version: string;
}

/** Mirror of `BetaClearToolUses20250919EditResponse` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaClearToolUses20250919EditResponse {
  cleared_input_tokens: number;
  cleared_tool_uses: number;
  type: 'clear_tool_uses_20250919';
}

/** Mirror of `BetaClearThinking20251015EditResponse` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaClearThinking20251015EditResponse {
  cleared_input_tokens: number;
  cleared_thinking_turns: number;
  type: 'clear_thinking_20251015';
}

/** Mirror of `BetaCacheMissReason` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaCacheMissReason =
  | BetaCacheMissModelChanged
  | BetaCacheMissSystemChanged
  | BetaCacheMissToolsChanged
  | BetaCacheMissMessagesChanged
  | BetaCacheMissPreviousMessageNotFound
  | BetaCacheMissUnavailable;

/** Mirror of `BetaThinkingDroppedInputTransformation` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaThinkingDroppedInputTransformation {
  path: string;
  reason:
    | 'model_binding_mismatch'
    | 'prefix_binding_mismatch'
    | 'organization_binding_mismatch'
    | 'end_user_binding_mismatch';
  type: 'thinking_dropped';
}

/**
 * Mirror of `BetaThinkingMismatchAllowedInputTransformation` from `@anthropic-ai/sdk` (beta
 * Messages API).
 */
export interface BetaThinkingMismatchAllowedInputTransformation {
  path: string;
  reason:
    | 'model_binding_mismatch'
    | 'prefix_binding_mismatch'
    | 'organization_binding_mismatch'
    | 'end_user_binding_mismatch';
  type: 'thinking_mismatch_allowed';
}

/** Mirror of `BetaCacheMissModelChanged` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCacheMissModelChanged {
  cache_missed_input_tokens: number;
  type: 'model_changed';
}

/** Mirror of `BetaCacheMissSystemChanged` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCacheMissSystemChanged {
  cache_missed_input_tokens: number;
  type: 'system_changed';
}

/** Mirror of `BetaCacheMissToolsChanged` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCacheMissToolsChanged {
  cache_missed_input_tokens: number;
  type: 'tools_changed';
}

/** Mirror of `BetaCacheMissMessagesChanged` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCacheMissMessagesChanged {
  cache_missed_input_tokens: number;
  type: 'messages_changed';
}

/** Mirror of `BetaCacheMissPreviousMessageNotFound` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCacheMissPreviousMessageNotFound {
  type: 'previous_message_not_found';
}

/** Mirror of `BetaCacheMissUnavailable` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCacheMissUnavailable {
  type: 'unavailable';
}
