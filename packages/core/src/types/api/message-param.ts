import type { ContentBlockParam, TextBlockParam } from './content-block-params.js';

/** Mirror of `MessageParam` from `@anthropic-ai/sdk` (Messages API). */
export type MessageParam = UserMessageParam | AssistantMessageParam | SystemMessageParam;

/** Mirror of `UserMessageParam` from `@anthropic-ai/sdk` (Messages API). */
export interface UserMessageParam {
  content: MessageContentParam;
  role: 'user';
}

/** Mirror of `AssistantMessageParam` from `@anthropic-ai/sdk` (Messages API). */
export interface AssistantMessageParam {
  content: MessageContentParam;
  role: 'assistant';
}

/** Mirror of `SystemMessageParam` from `@anthropic-ai/sdk` (Messages API). */
export interface SystemMessageParam {
  content: string | Array<TextBlockParam>;
  role: 'system';
}

/** Mirror of `MessageContentParam` from `@anthropic-ai/sdk` (Messages API). */
export type MessageContentParam = string | Array<ContentBlockParam>;
