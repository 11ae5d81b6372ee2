/** A model the CLI offers. */
export type ModelInfo = {
  value: string;
  resolvedModel?: string;
  displayName: string;
  description: string;
  supportsEffort?: boolean;
  supportedEffortLevels?: ('low' | 'medium' | 'high' | 'xhigh' | 'max')[];
  supportsAdaptiveThinking?: boolean;
  supportsFastMode?: boolean;
  supportsAutoMode?: boolean;
};

/** How much reasoning effort the model applies. */
export type EffortLevel = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/** How the model thinks: adaptive, with a budget, or not at all. */
export type ThinkingConfig = ThinkingAdaptive | ThinkingEnabled | ThinkingDisabled;

/** The model decides when and how much to think. */
export type ThinkingAdaptive = {
  type: 'adaptive';
  display?: 'summarized' | 'omitted';
};

/** Extended thinking, optionally with a token budget. */
export type ThinkingEnabled = {
  type: 'enabled';
  budgetTokens?: number;
  display?: 'summarized' | 'omitted';
};

/** No extended thinking. */
export type ThinkingDisabled = {
  type: 'disabled';
};

/** A beta feature the SDK can enable. */
export type SdkBeta = 'context-1m-2025-08-07';
