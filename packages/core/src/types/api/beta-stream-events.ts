import type {
  BetaCitationCharLocation,
  BetaCitationContentBlockLocation,
  BetaCitationPageLocation,
  BetaCitationSearchResultLocation,
  BetaCitationsWebSearchResultLocation,
} from './beta-citations.js';
import type {
  BetaCompactionBlock,
  BetaContainerUploadBlock,
  BetaFallbackBlock,
  BetaMCPToolListingBlock,
  BetaMCPToolResultBlock,
  BetaMCPToolUseBlock,
  BetaRedactedThinkingBlock,
  BetaServerToolUseBlock,
  BetaTextBlock,
  BetaThinkingBlock,
  BetaToolUseBlock,
} from './beta-content-blocks.js';
import type {
  BetaContainer,
  BetaContextManagementResponse,
  BetaInputTransformation,
  BetaMessage,
  BetaRefusalStopDetails,
  BetaStopReason,
} from './beta-message.js';
import type {
  BetaAdvisorToolResultBlock,
  BetaBashCodeExecutionToolResultBlock,
  BetaCodeExecutionToolResultBlock,
  BetaTextEditorCodeExecutionToolResultBlock,
  BetaToolSearchToolResultBlock,
  BetaWebFetchToolResultBlock,
  BetaWebSearchToolResultBlock,
} from './beta-server-tool-blocks.js';
import type { BetaMessageDeltaUsage } from './beta-usage.js';

/** Mirror of `BetaRawMessageStreamEvent` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaRawMessageStreamEvent =
  | BetaRawMessageStartEvent
  | BetaRawMessageDeltaEvent
  | BetaRawMessageStopEvent
  | BetaRawContentBlockStartEvent
  | BetaRawContentBlockDeltaEvent
  | BetaRawContentBlockStopEvent;

/** Mirror of `BetaRawMessageStartEvent` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaRawMessageStartEvent {
  message: BetaMessage;
  type: 'message_start';
}

/** Mirror of `BetaRawMessageDeltaEvent` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaRawMessageDeltaEvent {
  context_management: BetaContextManagementResponse | null;
  delta: BetaRawMessageDeltaEventDelta;
  type: 'message_delta';
  usage: BetaMessageDeltaUsage;
  input_transformations?: Array<BetaInputTransformation> | null;
}

/** Mirror of `BetaRawMessageStopEvent` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaRawMessageStopEvent {
  type: 'message_stop';
}

/** Mirror of `BetaRawContentBlockStartEvent` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaRawContentBlockStartEvent {
  content_block:
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
  index: number;
  type: 'content_block_start';
}

/** Mirror of `BetaRawContentBlockDeltaEvent` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaRawContentBlockDeltaEvent {
  delta: BetaRawContentBlockDelta;
  index: number;
  type: 'content_block_delta';
}

/** Mirror of `BetaRawContentBlockStopEvent` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaRawContentBlockStopEvent {
  index: number;
  type: 'content_block_stop';
}

/** Mirror of `BetaRawMessageDeltaEvent.Delta` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaRawMessageDeltaEventDelta {
  container: BetaContainer | null;
  stop_details: BetaRefusalStopDetails | null;
  stop_reason: BetaStopReason | null;
  stop_sequence: string | null;
}

/** Mirror of `BetaRawContentBlockDelta` from `@anthropic-ai/sdk` (beta Messages API). */
export type BetaRawContentBlockDelta =
  | BetaTextDelta
  | BetaInputJSONDelta
  | BetaCitationsDelta
  | BetaThinkingDelta
  | BetaSignatureDelta
  | BetaCompactionContentBlockDelta;

/** Mirror of `BetaTextDelta` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaTextDelta {
  text: string;
  type: 'text_delta';
}

/** Mirror of `BetaInputJSONDelta` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaInputJSONDelta {
  partial_json: string;
  type: 'input_json_delta';
}

/** Mirror of `BetaCitationsDelta` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCitationsDelta {
  citation:
    | BetaCitationCharLocation
    | BetaCitationPageLocation
    | BetaCitationContentBlockLocation
    | BetaCitationsWebSearchResultLocation
    | BetaCitationSearchResultLocation;
  type: 'citations_delta';
}

/** Mirror of `BetaThinkingDelta` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaThinkingDelta {
  estimated_tokens: number | null;
  thinking: string;
  type: 'thinking_delta';
}

/** Mirror of `BetaSignatureDelta` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaSignatureDelta {
  signature: string;
  type: 'signature_delta';
}

/** Mirror of `BetaCompactionContentBlockDelta` from `@anthropic-ai/sdk` (beta Messages API). */
export interface BetaCompactionContentBlockDelta {
  content: string | null;
  encrypted_content: string | null;
  type: 'compaction_delta';
}
