/**
 * The Messages API shapes hexagent mirrors in its core (which imports no npm package) against
 * `@anthropic-ai/sdk`, whose types the official agent SDK's messages use. Each check covers every
 * type the named one reaches (content blocks, citations, stream deltas, usage, ...).
 */

import type {
  BetaContentBlock,
  BetaMessage,
  BetaRawContentBlockDelta,
  BetaRawMessageStreamEvent,
  BetaRedactedThinkingBlock,
  BetaServerToolUseBlock,
  BetaStopReason,
  BetaTextBlock,
  BetaThinkingBlock,
  BetaToolUseBlock,
  BetaUsage,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type {
  ContentBlockParam,
  DocumentBlockParam,
  ImageBlockParam,
  MessageParam,
  Model,
  TextBlockParam,
  ToolResultBlockParam,
  ToolUseBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type * as Hex from '@hexagent/sdk';
import type { Equals, Expect } from './helpers/equals.js';

type _BetaMessage = Expect<Equals<Hex.BetaMessage, BetaMessage>>;
type _BetaContentBlock = Expect<Equals<Hex.BetaContentBlock, BetaContentBlock>>;
type _BetaTextBlock = Expect<Equals<Hex.BetaTextBlock, BetaTextBlock>>;
type _BetaThinkingBlock = Expect<Equals<Hex.BetaThinkingBlock, BetaThinkingBlock>>;
type _BetaRedactedThinkingBlock = Expect<Equals<Hex.BetaRedactedThinkingBlock, BetaRedactedThinkingBlock>>;
type _BetaToolUseBlock = Expect<Equals<Hex.BetaToolUseBlock, BetaToolUseBlock>>;
type _BetaServerToolUseBlock = Expect<Equals<Hex.BetaServerToolUseBlock, BetaServerToolUseBlock>>;
type _BetaStopReason = Expect<Equals<Hex.BetaStopReason, BetaStopReason>>;
type _BetaUsage = Expect<Equals<Hex.BetaUsage, BetaUsage>>;
type _BetaRawMessageStreamEvent = Expect<Equals<Hex.BetaRawMessageStreamEvent, BetaRawMessageStreamEvent>>;
type _BetaRawContentBlockDelta = Expect<Equals<Hex.BetaRawContentBlockDelta, BetaRawContentBlockDelta>>;
type _MessageParam = Expect<Equals<Hex.MessageParam, MessageParam>>;
type _ContentBlockParam = Expect<Equals<Hex.ContentBlockParam, ContentBlockParam>>;
type _TextBlockParam = Expect<Equals<Hex.TextBlockParam, TextBlockParam>>;
type _ImageBlockParam = Expect<Equals<Hex.ImageBlockParam, ImageBlockParam>>;
type _DocumentBlockParam = Expect<Equals<Hex.DocumentBlockParam, DocumentBlockParam>>;
type _ToolUseBlockParam = Expect<Equals<Hex.ToolUseBlockParam, ToolUseBlockParam>>;
type _ToolResultBlockParam = Expect<Equals<Hex.ToolResultBlockParam, ToolResultBlockParam>>;
type _Model = Expect<Equals<Hex.Model, Model>>;
