import type { Model } from './model.js';

/** Mirror of `BetaFallbackInfo` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaFallbackInfo {
  model: Model;
}

/** Mirror of `BetaFallbackRefusalTrigger` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaFallbackRefusalTrigger {
  category: 'cyber' | 'bio' | 'frontier_llm' | 'reasoning_extraction' | 'general_harms' | null;
  type: 'refusal';
}
