import type { SDKAssistantMessage, SDKPartialAssistantMessage } from './assistant-message.js';
import type { SDKResultMessage } from './result-message.js';
import type {
  SDKAuthStatusMessage,
  SDKConversationResetMessage,
  SDKPromptSuggestionMessage,
  SDKRateLimitEvent,
  SDKToolProgressMessage,
  SDKToolUseSummaryMessage,
} from './stream-messages.js';
import type {
  SDKCommandsChangedMessage,
  SDKElicitationCompleteMessage,
  SDKFilesPersistedEvent,
  SDKHookProgressMessage,
  SDKHookResponseMessage,
  SDKHookStartedMessage,
  SDKInformationalMessage,
  SDKLocalCommandOutputMessage,
  SDKMemoryRecallMessage,
  SDKMirrorErrorMessage,
  SDKModelRefusalFallbackMessage,
  SDKModelRefusalNoFallbackMessage,
  SDKNotificationMessage,
  SDKPermissionDeniedMessage,
  SDKPluginInstallMessage,
} from './system-event-messages.js';
import type { SDKSystemMessage } from './system-init-message.js';
import type {
  SDKAPIRetryMessage,
  SDKCompactBoundaryMessage,
  SDKControlRequestProgressMessage,
  SDKSessionStateChangedMessage,
  SDKSessionWritesLostMessage,
  SDKStatusMessage,
  SDKThinkingTokensMessage,
  SDKWorkerShuttingDownMessage,
} from './system-status-messages.js';
import type {
  SDKBackgroundTasksChangedMessage,
  SDKTaskNotificationMessage,
  SDKTaskProgressMessage,
  SDKTaskStartedMessage,
  SDKTaskUpdatedMessage,
} from './task-messages.js';
import type { SDKUserMessage, SDKUserMessageReplay } from './user-message.js';

/**
 * Every message a query yields, as a closed union: narrow on `type` (and `subtype`) as with the
 * official SDK.
 *
 * A message type that a newer CLI adds, and that this union does not list yet, still reaches the
 * caller at run time, untouched (hexagent passes unknown messages through), but it does not widen
 * this type: compare `message.type` against the string after widening it (`(message.type as
 * string) === 'new_type'`) and read its fields as `unknown`.
 */
export type SDKMessage =
  | SDKAssistantMessage
  | SDKUserMessage
  | SDKUserMessageReplay
  | SDKResultMessage
  | SDKSystemMessage
  | SDKPartialAssistantMessage
  | SDKCompactBoundaryMessage
  | SDKStatusMessage
  | SDKAPIRetryMessage
  | SDKControlRequestProgressMessage
  | SDKModelRefusalFallbackMessage
  | SDKModelRefusalNoFallbackMessage
  | SDKLocalCommandOutputMessage
  | SDKHookStartedMessage
  | SDKHookProgressMessage
  | SDKHookResponseMessage
  | SDKPluginInstallMessage
  | SDKToolProgressMessage
  | SDKAuthStatusMessage
  | SDKTaskNotificationMessage
  | SDKTaskStartedMessage
  | SDKTaskUpdatedMessage
  | SDKTaskProgressMessage
  | SDKBackgroundTasksChangedMessage
  | SDKThinkingTokensMessage
  | SDKSessionStateChangedMessage
  | SDKWorkerShuttingDownMessage
  | SDKCommandsChangedMessage
  | SDKNotificationMessage
  | SDKFilesPersistedEvent
  | SDKToolUseSummaryMessage
  | SDKMemoryRecallMessage
  | SDKRateLimitEvent
  | SDKElicitationCompleteMessage
  | SDKPermissionDeniedMessage
  | SDKPromptSuggestionMessage
  | SDKMirrorErrorMessage
  | SDKInformationalMessage
  | SDKConversationResetMessage
  | SDKSessionWritesLostMessage;
