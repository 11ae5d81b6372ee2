/**
 * hexagent's types against the official `@anthropic-ai/claude-agent-sdk` 0.3.330 ones, name by name:
 * each must be the same type ({@link Equals}: mutual assignability, and no optional field more or
 * less on either side). A shape that drifts on either side fails `tsc`.
 */
import type * as Official from '@anthropic-ai/claude-agent-sdk';
import type * as Hex from '@hexagent/sdk';
import type { Equals, Expect, Extends, MutuallyAssignable } from './helpers/equals.js';

type _AccountInfo = Expect<Equals<Hex.AccountInfo, Official.AccountInfo>>;
type _AgentDefinition = Expect<Equals<Hex.AgentDefinition, Official.AgentDefinition>>;
type _AgentInfo = Expect<Equals<Hex.AgentInfo, Official.AgentInfo>>;
type _AgentMcpServerSpec = Expect<Equals<Hex.AgentMcpServerSpec, Official.AgentMcpServerSpec>>;
type _ApiKeySource = Expect<Equals<Hex.ApiKeySource, Official.ApiKeySource>>;
type _AsyncHookJSONOutput = Expect<Equals<Hex.AsyncHookJSONOutput, Official.AsyncHookJSONOutput>>;
type _BUILTIN_TOOL_NAMES = Expect<Equals<typeof Hex.BUILTIN_TOOL_NAMES, typeof Official.BUILTIN_TOOL_NAMES>>;
type _BackgroundTaskSummary = Expect<Equals<Hex.BackgroundTaskSummary, Official.BackgroundTaskSummary>>;
type _BaseHookInput = Expect<Equals<Hex.BaseHookInput, Official.BaseHookInput>>;
type _BaseOutputFormat = Expect<Equals<Hex.BaseOutputFormat, Official.BaseOutputFormat>>;
type _CanUseTool = Expect<Equals<Hex.CanUseTool, Official.CanUseTool>>;
type _ConfigChangeHookInput = Expect<Equals<Hex.ConfigChangeHookInput, Official.ConfigChangeHookInput>>;
type _ConfigScope = Expect<Equals<Hex.ConfigScope, Official.ConfigScope>>;
type _CwdChangedHookInput = Expect<Equals<Hex.CwdChangedHookInput, Official.CwdChangedHookInput>>;
type _CwdChangedHookSpecificOutput = Expect<
  Equals<Hex.CwdChangedHookSpecificOutput, Official.CwdChangedHookSpecificOutput>
>;
type _DeniedModelsMatch = Expect<Equals<Hex.DeniedModelsMatch, Official.DeniedModelsMatch>>;
type _DirectoryAddedHookInput = Expect<Equals<Hex.DirectoryAddedHookInput, Official.DirectoryAddedHookInput>>;
type _EXIT_REASONS = Expect<Equals<typeof Hex.EXIT_REASONS, typeof Official.EXIT_REASONS>>;
type _EffortLevel = Expect<Equals<Hex.EffortLevel, Official.EffortLevel>>;
type _ElicitationHookInput = Expect<Equals<Hex.ElicitationHookInput, Official.ElicitationHookInput>>;
type _ElicitationHookSpecificOutput = Expect<
  Equals<Hex.ElicitationHookSpecificOutput, Official.ElicitationHookSpecificOutput>
>;
type _ElicitationRequest = Expect<Equals<Hex.ElicitationRequest, Official.ElicitationRequest>>;
type _ElicitationResult = Expect<Equals<Hex.ElicitationResult, Official.ElicitationResult>>;
type _ElicitationResultHookInput = Expect<Equals<Hex.ElicitationResultHookInput, Official.ElicitationResultHookInput>>;
type _ElicitationResultHookSpecificOutput = Expect<
  Equals<Hex.ElicitationResultHookSpecificOutput, Official.ElicitationResultHookSpecificOutput>
>;
type _ExitReason = Expect<Equals<Hex.ExitReason, Official.ExitReason>>;
type _FastModeDisabledReason = Expect<Equals<Hex.FastModeDisabledReason, Official.FastModeDisabledReason>>;
type _FastModeState = Expect<Equals<Hex.FastModeState, Official.FastModeState>>;
type _FileChangedHookInput = Expect<Equals<Hex.FileChangedHookInput, Official.FileChangedHookInput>>;
type _FileChangedHookSpecificOutput = Expect<
  Equals<Hex.FileChangedHookSpecificOutput, Official.FileChangedHookSpecificOutput>
>;
type _HOOK_EVENTS = Expect<Equals<typeof Hex.HOOK_EVENTS, typeof Official.HOOK_EVENTS>>;
type _HookCallback = Expect<Equals<Hex.HookCallback, Official.HookCallback>>;
type _HookCallbackMatcher = Expect<Equals<Hex.HookCallbackMatcher, Official.HookCallbackMatcher>>;
type _HookEvent = Expect<Equals<Hex.HookEvent, Official.HookEvent>>;
type _HookInput = Expect<Equals<Hex.HookInput, Official.HookInput>>;
type _HookJSONOutput = Expect<Equals<Hex.HookJSONOutput, Official.HookJSONOutput>>;
type _HookPermissionDecision = Expect<Equals<Hex.HookPermissionDecision, Official.HookPermissionDecision>>;
type _InstructionsLoadedHookInput = Expect<
  Equals<Hex.InstructionsLoadedHookInput, Official.InstructionsLoadedHookInput>
>;
type _JsonSchemaOutputFormat = Expect<Equals<Hex.JsonSchemaOutputFormat, Official.JsonSchemaOutputFormat>>;
type _LEGACY_TOOL_NAME_ALIASES = Expect<
  Equals<typeof Hex.LEGACY_TOOL_NAME_ALIASES, typeof Official.LEGACY_TOOL_NAME_ALIASES>
>;
type _McpClaudeAIProxyServerConfig = Expect<
  Equals<Hex.McpClaudeAIProxyServerConfig, Official.McpClaudeAIProxyServerConfig>
>;
type _McpHttpServerConfig = Expect<Equals<Hex.McpHttpServerConfig, Official.McpHttpServerConfig>>;
type _McpSSEServerConfig = Expect<Equals<Hex.McpSSEServerConfig, Official.McpSSEServerConfig>>;
type _McpSdkServerConfig = Expect<Equals<Hex.McpSdkServerConfig, Official.McpSdkServerConfig>>;
type _McpServerConfigForProcessTransport = Expect<
  Equals<Hex.McpServerConfigForProcessTransport, Official.McpServerConfigForProcessTransport>
>;
type _McpServerProvenance = Expect<Equals<Hex.McpServerProvenance, Official.McpServerProvenance>>;
type _McpServerStatus = Expect<Equals<Hex.McpServerStatus, Official.McpServerStatus>>;
type _McpServerStatusConfig = Expect<Equals<Hex.McpServerStatusConfig, Official.McpServerStatusConfig>>;
type _McpServerToolPolicy = Expect<Equals<Hex.McpServerToolPolicy, Official.McpServerToolPolicy>>;
type _McpSetServersResult = Expect<Equals<Hex.McpSetServersResult, Official.McpSetServersResult>>;
type _McpStdioServerConfig = Expect<Equals<Hex.McpStdioServerConfig, Official.McpStdioServerConfig>>;
type _MessageDisplayHookInput = Expect<Equals<Hex.MessageDisplayHookInput, Official.MessageDisplayHookInput>>;
type _MessageDisplayHookSpecificOutput = Expect<
  Equals<Hex.MessageDisplayHookSpecificOutput, Official.MessageDisplayHookSpecificOutput>
>;
type _ModelInfo = Expect<Equals<Hex.ModelInfo, Official.ModelInfo>>;
type _ModelUsage = Expect<Equals<Hex.ModelUsage, Official.ModelUsage>>;
type _NonNullableUsage = Expect<Equals<Hex.NonNullableUsage, Official.NonNullableUsage>>;
type _NotificationHookInput = Expect<Equals<Hex.NotificationHookInput, Official.NotificationHookInput>>;
type _NotificationHookSpecificOutput = Expect<
  Equals<Hex.NotificationHookSpecificOutput, Official.NotificationHookSpecificOutput>
>;
type _ORG_POLICY_LIMIT_PREFIXES = Expect<
  Equals<typeof Hex.ORG_POLICY_LIMIT_PREFIXES, typeof Official.ORG_POLICY_LIMIT_PREFIXES>
>;
type _OnElicitation = Expect<Equals<Hex.OnElicitation, Official.OnElicitation>>;
type _OnUserDialog = Expect<Equals<Hex.OnUserDialog, Official.OnUserDialog>>;
type _OutputFormat = Expect<Equals<Hex.OutputFormat, Official.OutputFormat>>;
type _OutputFormatType = Expect<Equals<Hex.OutputFormatType, Official.OutputFormatType>>;
type _PermissionBehavior = Expect<Equals<Hex.PermissionBehavior, Official.PermissionBehavior>>;
type _PermissionDecisionClassification = Expect<
  Equals<Hex.PermissionDecisionClassification, Official.PermissionDecisionClassification>
>;
type _PermissionDeniedHookInput = Expect<Equals<Hex.PermissionDeniedHookInput, Official.PermissionDeniedHookInput>>;
type _PermissionDeniedHookSpecificOutput = Expect<
  Equals<Hex.PermissionDeniedHookSpecificOutput, Official.PermissionDeniedHookSpecificOutput>
>;
type _PermissionMode = Expect<Equals<Hex.PermissionMode, Official.PermissionMode>>;
type _PermissionRequestHookInput = Expect<Equals<Hex.PermissionRequestHookInput, Official.PermissionRequestHookInput>>;
type _PermissionRequestHookSpecificOutput = Expect<
  Equals<Hex.PermissionRequestHookSpecificOutput, Official.PermissionRequestHookSpecificOutput>
>;
type _PermissionResult = Expect<Equals<Hex.PermissionResult, Official.PermissionResult>>;
type _PermissionRuleValue = Expect<Equals<Hex.PermissionRuleValue, Official.PermissionRuleValue>>;
type _PermissionUpdate = Expect<Equals<Hex.PermissionUpdate, Official.PermissionUpdate>>;
type _PermissionUpdateDestination = Expect<
  Equals<Hex.PermissionUpdateDestination, Official.PermissionUpdateDestination>
>;
type _PolicySettingsOrigin = Expect<Equals<Hex.PolicySettingsOrigin, Official.PolicySettingsOrigin>>;
type _PostCompactHookInput = Expect<Equals<Hex.PostCompactHookInput, Official.PostCompactHookInput>>;
type _PostModelSwitchHookInput = Expect<Equals<Hex.PostModelSwitchHookInput, Official.PostModelSwitchHookInput>>;
type _PostModelSwitchHookSpecificOutput = Expect<
  Equals<Hex.PostModelSwitchHookSpecificOutput, Official.PostModelSwitchHookSpecificOutput>
>;
type _PostToolBatchHookInput = Expect<Equals<Hex.PostToolBatchHookInput, Official.PostToolBatchHookInput>>;
type _PostToolBatchHookSpecificOutput = Expect<
  Equals<Hex.PostToolBatchHookSpecificOutput, Official.PostToolBatchHookSpecificOutput>
>;
type _PostToolBatchToolCall = Expect<Equals<Hex.PostToolBatchToolCall, Official.PostToolBatchToolCall>>;
type _PostToolUseFailureHookInput = Expect<
  Equals<Hex.PostToolUseFailureHookInput, Official.PostToolUseFailureHookInput>
>;
type _PostToolUseFailureHookSpecificOutput = Expect<
  Equals<Hex.PostToolUseFailureHookSpecificOutput, Official.PostToolUseFailureHookSpecificOutput>
>;
type _PostToolUseHookInput = Expect<Equals<Hex.PostToolUseHookInput, Official.PostToolUseHookInput>>;
type _PostToolUseHookSpecificOutput = Expect<
  Equals<Hex.PostToolUseHookSpecificOutput, Official.PostToolUseHookSpecificOutput>
>;
type _PreCompactHookInput = Expect<Equals<Hex.PreCompactHookInput, Official.PreCompactHookInput>>;
type _PreModelSwitchHookInput = Expect<Equals<Hex.PreModelSwitchHookInput, Official.PreModelSwitchHookInput>>;
type _PreModelSwitchHookSpecificOutput = Expect<
  Equals<Hex.PreModelSwitchHookSpecificOutput, Official.PreModelSwitchHookSpecificOutput>
>;
type _PreSkillShellCommandHookInput = Expect<
  Equals<Hex.PreSkillShellCommandHookInput, Official.PreSkillShellCommandHookInput>
>;
type _PreSkillShellCommandHookSpecificOutput = Expect<
  Equals<Hex.PreSkillShellCommandHookSpecificOutput, Official.PreSkillShellCommandHookSpecificOutput>
>;
type _PreToolUseHookInput = Expect<Equals<Hex.PreToolUseHookInput, Official.PreToolUseHookInput>>;
type _PreToolUseHookSpecificOutput = Expect<
  Equals<Hex.PreToolUseHookSpecificOutput, Official.PreToolUseHookSpecificOutput>
>;
type _ProvenanceEntry = Expect<Equals<Hex.ProvenanceEntry, Official.ProvenanceEntry>>;
type _ResolveSettingsOptions = Expect<Equals<Hex.ResolveSettingsOptions, Official.ResolveSettingsOptions>>;
type _ResolvedSettingSource = Expect<Equals<Hex.ResolvedSettingSource, Official.ResolvedSettingSource>>;
type _ResolvedSettings = Expect<Equals<Hex.ResolvedSettings, Official.ResolvedSettings>>;
type _RewindFilesResult = Expect<Equals<Hex.RewindFilesResult, Official.RewindFilesResult>>;
type _SDKAPIRetryMessage = Expect<Equals<Hex.SDKAPIRetryMessage, Official.SDKAPIRetryMessage>>;
type _SDKActiveGoalMessage = Expect<Equals<Hex.SDKActiveGoalMessage, Official.SDKActiveGoalMessage>>;
type _SDKAssistantMessage = Expect<Equals<Hex.SDKAssistantMessage, Official.SDKAssistantMessage>>;
type _SDKAssistantMessageError = Expect<Equals<Hex.SDKAssistantMessageError, Official.SDKAssistantMessageError>>;
type _SDKAuthStatusMessage = Expect<Equals<Hex.SDKAuthStatusMessage, Official.SDKAuthStatusMessage>>;
type _SDKBackgroundTasksChangedMessage = Expect<
  Equals<Hex.SDKBackgroundTasksChangedMessage, Official.SDKBackgroundTasksChangedMessage>
>;
type _SDKCommandsChangedMessage = Expect<Equals<Hex.SDKCommandsChangedMessage, Official.SDKCommandsChangedMessage>>;
type _SDKCompactBoundaryMessage = Expect<Equals<Hex.SDKCompactBoundaryMessage, Official.SDKCompactBoundaryMessage>>;
type _SDKContextUsage = Expect<Equals<Hex.SDKContextUsage, Official.SDKContextUsage>>;
type _SDKContextUsageCategory = Expect<Equals<Hex.SDKContextUsageCategory, Official.SDKContextUsageCategory>>;
type _SDKControlGetContextUsageResponse = Expect<
  Equals<Hex.SDKControlGetContextUsageResponse, Official.SDKControlGetContextUsageResponse>
>;
type _SDKControlGetUsageResponse = Expect<Equals<Hex.SDKControlGetUsageResponse, Official.SDKControlGetUsageResponse>>;
type _SDKControlInitializeResponse = Expect<
  Equals<Hex.SDKControlInitializeResponse, Official.SDKControlInitializeResponse>
>;
type _SDKControlInterruptResponse = Expect<
  Equals<Hex.SDKControlInterruptResponse, Official.SDKControlInterruptResponse>
>;
type _SDKControlListPermissionRulesResponse = Expect<
  Equals<Hex.SDKControlListPermissionRulesResponse, Official.SDKControlListPermissionRulesResponse>
>;
type _SDKControlMcpReadResourceResponse = Expect<
  Equals<Hex.SDKControlMcpReadResourceResponse, Official.SDKControlMcpReadResourceResponse>
>;
type _SDKControlPermissionRulesState = Expect<
  Equals<Hex.SDKControlPermissionRulesState, Official.SDKControlPermissionRulesState>
>;
type _SDKControlReadFileResponse = Expect<Equals<Hex.SDKControlReadFileResponse, Official.SDKControlReadFileResponse>>;
type _SDKControlReloadOutputStylesResponse = Expect<
  Equals<Hex.SDKControlReloadOutputStylesResponse, Official.SDKControlReloadOutputStylesResponse>
>;
type _SDKControlReloadPluginsResponse = Expect<
  Equals<Hex.SDKControlReloadPluginsResponse, Official.SDKControlReloadPluginsResponse>
>;
type _SDKControlSetPermissionModeResponse = Expect<
  Equals<Hex.SDKControlSetPermissionModeResponse, Official.SDKControlSetPermissionModeResponse>
>;
type _SDKControlReloadSkillsResponse = Expect<
  Equals<Hex.SDKControlReloadSkillsResponse, Official.SDKControlReloadSkillsResponse>
>;
type _SDKControlRequest = Expect<Equals<Hex.SDKControlRequest, Official.SDKControlRequest>>;
type _SDKControlRequestProgressMessage = Expect<
  Equals<Hex.SDKControlRequestProgressMessage, Official.SDKControlRequestProgressMessage>
>;
type _SDKControlResponse = Expect<Equals<Hex.SDKControlResponse, Official.SDKControlResponse>>;
type _SDKConversationResetMessage = Expect<
  Equals<Hex.SDKConversationResetMessage, Official.SDKConversationResetMessage>
>;
type _SDKDeferredToolUse = Expect<Equals<Hex.SDKDeferredToolUse, Official.SDKDeferredToolUse>>;
type _SDKElicitationCompleteMessage = Expect<
  Equals<Hex.SDKElicitationCompleteMessage, Official.SDKElicitationCompleteMessage>
>;
type _SDKFilesPersistedEvent = Expect<Equals<Hex.SDKFilesPersistedEvent, Official.SDKFilesPersistedEvent>>;
type _SDKHookProgressMessage = Expect<Equals<Hex.SDKHookProgressMessage, Official.SDKHookProgressMessage>>;
type _SDKHookResponseMessage = Expect<Equals<Hex.SDKHookResponseMessage, Official.SDKHookResponseMessage>>;
type _SDKHookStartedMessage = Expect<Equals<Hex.SDKHookStartedMessage, Official.SDKHookStartedMessage>>;
type _SDKInformationalMessage = Expect<Equals<Hex.SDKInformationalMessage, Official.SDKInformationalMessage>>;
type _SDKLocalCommandOutputMessage = Expect<
  Equals<Hex.SDKLocalCommandOutputMessage, Official.SDKLocalCommandOutputMessage>
>;
type _SDKMcpResourceLink = Expect<Equals<Hex.SDKMcpResourceLink, Official.SDKMcpResourceLink>>;
type _SDKMemoryRecallMessage = Expect<Equals<Hex.SDKMemoryRecallMessage, Official.SDKMemoryRecallMessage>>;
type _SDKMessage = Expect<Equals<Hex.SDKMessage, Official.SDKMessage>>;
type _SDKMessageOrigin = Expect<Equals<Hex.SDKMessageOrigin, Official.SDKMessageOrigin>>;
type _SDKMirrorErrorMessage = Expect<Equals<Hex.SDKMirrorErrorMessage, Official.SDKMirrorErrorMessage>>;
type _SDKModelRefusalFallbackMessage = Expect<
  Equals<Hex.SDKModelRefusalFallbackMessage, Official.SDKModelRefusalFallbackMessage>
>;
type _SDKModelRefusalNoFallbackMessage = Expect<
  Equals<Hex.SDKModelRefusalNoFallbackMessage, Official.SDKModelRefusalNoFallbackMessage>
>;
type _SDKNotificationMessage = Expect<Equals<Hex.SDKNotificationMessage, Official.SDKNotificationMessage>>;
type _SDKPartialAssistantMessage = Expect<Equals<Hex.SDKPartialAssistantMessage, Official.SDKPartialAssistantMessage>>;
type _SDKPermissionDenial = Expect<Equals<Hex.SDKPermissionDenial, Official.SDKPermissionDenial>>;
type _SDKPermissionDeniedMessage = Expect<Equals<Hex.SDKPermissionDeniedMessage, Official.SDKPermissionDeniedMessage>>;
type _SDKPermissionRuleDescription = Expect<
  Equals<Hex.SDKPermissionRuleDescription, Official.SDKPermissionRuleDescription>
>;
type _SDKPermissionRuleEntry = Expect<Equals<Hex.SDKPermissionRuleEntry, Official.SDKPermissionRuleEntry>>;
type _SDKPermissionWorkspaceDirectory = Expect<
  Equals<Hex.SDKPermissionWorkspaceDirectory, Official.SDKPermissionWorkspaceDirectory>
>;
type _SDKPluginInstallMessage = Expect<Equals<Hex.SDKPluginInstallMessage, Official.SDKPluginInstallMessage>>;
type _SDKPromptSuggestionMessage = Expect<Equals<Hex.SDKPromptSuggestionMessage, Official.SDKPromptSuggestionMessage>>;
type _SDKRateLimitEvent = Expect<Equals<Hex.SDKRateLimitEvent, Official.SDKRateLimitEvent>>;
type _SDKRateLimitInfo = Expect<Equals<Hex.SDKRateLimitInfo, Official.SDKRateLimitInfo>>;
type _SDKResultError = Expect<Equals<Hex.SDKResultError, Official.SDKResultError>>;
type _SDKResultMessage = Expect<Equals<Hex.SDKResultMessage, Official.SDKResultMessage>>;
type _SDKResultSuccess = Expect<Equals<Hex.SDKResultSuccess, Official.SDKResultSuccess>>;
type _SDKSessionStateChangedMessage = Expect<
  Equals<Hex.SDKSessionStateChangedMessage, Official.SDKSessionStateChangedMessage>
>;
type _SDKSessionWritesLostMessage = Expect<
  Equals<Hex.SDKSessionWritesLostMessage, Official.SDKSessionWritesLostMessage>
>;
type _SDKSettingsParseError = Expect<Equals<Hex.SDKSettingsParseError, Official.SDKSettingsParseError>>;
type _SDKStartupFailureReason = Expect<Equals<Hex.SDKStartupFailureReason, Official.SDKStartupFailureReason>>;
type _SDKStatus = Expect<Equals<Hex.SDKStatus, Official.SDKStatus>>;
type _SDKStatusMessage = Expect<Equals<Hex.SDKStatusMessage, Official.SDKStatusMessage>>;
type _SDKSystemMessage = Expect<Equals<Hex.SDKSystemMessage, Official.SDKSystemMessage>>;
type _SDKTaskNotificationMessage = Expect<Equals<Hex.SDKTaskNotificationMessage, Official.SDKTaskNotificationMessage>>;
type _SDKTaskProgressMessage = Expect<Equals<Hex.SDKTaskProgressMessage, Official.SDKTaskProgressMessage>>;
type _SDKTaskStartedMessage = Expect<Equals<Hex.SDKTaskStartedMessage, Official.SDKTaskStartedMessage>>;
type _SDKTaskUpdatedMessage = Expect<Equals<Hex.SDKTaskUpdatedMessage, Official.SDKTaskUpdatedMessage>>;
type _SDKThinkingTokensMessage = Expect<Equals<Hex.SDKThinkingTokensMessage, Official.SDKThinkingTokensMessage>>;
type _SDKToolProgressMessage = Expect<Equals<Hex.SDKToolProgressMessage, Official.SDKToolProgressMessage>>;
type _SDKToolUseSummaryMessage = Expect<Equals<Hex.SDKToolUseSummaryMessage, Official.SDKToolUseSummaryMessage>>;
type _SDKUsageReport = Expect<Equals<Hex.SDKUsageReport, Official.SDKUsageReport>>;
type _SDKUserMessage = Expect<Equals<Hex.SDKUserMessage, Official.SDKUserMessage>>;
type _SDKUserMessageReplay = Expect<Equals<Hex.SDKUserMessageReplay, Official.SDKUserMessageReplay>>;
type _SDKWorkerShuttingDownMessage = Expect<
  Equals<Hex.SDKWorkerShuttingDownMessage, Official.SDKWorkerShuttingDownMessage>
>;
type _SYSTEM_PROMPT_DYNAMIC_BOUNDARY = Expect<
  Equals<typeof Hex.SYSTEM_PROMPT_DYNAMIC_BOUNDARY, typeof Official.SYSTEM_PROMPT_DYNAMIC_BOUNDARY>
>;
type _SandboxCredentialsConfig = Expect<Equals<Hex.SandboxCredentialsConfig, Official.SandboxCredentialsConfig>>;
type _SandboxFilesystemConfig = Expect<Equals<Hex.SandboxFilesystemConfig, Official.SandboxFilesystemConfig>>;
type _SandboxIgnoreViolations = Expect<Equals<Hex.SandboxIgnoreViolations, Official.SandboxIgnoreViolations>>;
type _SandboxNetworkConfig = Expect<Equals<Hex.SandboxNetworkConfig, Official.SandboxNetworkConfig>>;
type _SandboxSettings = Expect<Equals<Hex.SandboxSettings, Official.SandboxSettings>>;
type _SdkBeta = Expect<Equals<Hex.SdkBeta, Official.SdkBeta>>;
type _SdkPluginConfig = Expect<Equals<Hex.SdkPluginConfig, Official.SdkPluginConfig>>;
type _SessionCronSummary = Expect<Equals<Hex.SessionCronSummary, Official.SessionCronSummary>>;
type _SessionEndHookInput = Expect<Equals<Hex.SessionEndHookInput, Official.SessionEndHookInput>>;
type _SessionStartHookInput = Expect<Equals<Hex.SessionStartHookInput, Official.SessionStartHookInput>>;
type _SessionStartHookSpecificOutput = Expect<
  Equals<Hex.SessionStartHookSpecificOutput, Official.SessionStartHookSpecificOutput>
>;
type _SettingSource = Expect<Equals<Hex.SettingSource, Official.SettingSource>>;
type _Settings = Expect<Equals<Hex.Settings, Official.Settings>>;
type _SetupHookInput = Expect<Equals<Hex.SetupHookInput, Official.SetupHookInput>>;
type _SetupHookSpecificOutput = Expect<Equals<Hex.SetupHookSpecificOutput, Official.SetupHookSpecificOutput>>;
type _SlashCommand = Expect<Equals<Hex.SlashCommand, Official.SlashCommand>>;
type _StopFailureHookInput = Expect<Equals<Hex.StopFailureHookInput, Official.StopFailureHookInput>>;
type _StopHookInput = Expect<Equals<Hex.StopHookInput, Official.StopHookInput>>;
type _StopHookSpecificOutput = Expect<Equals<Hex.StopHookSpecificOutput, Official.StopHookSpecificOutput>>;
type _SubagentStartHookInput = Expect<Equals<Hex.SubagentStartHookInput, Official.SubagentStartHookInput>>;
type _SubagentStartHookSpecificOutput = Expect<
  Equals<Hex.SubagentStartHookSpecificOutput, Official.SubagentStartHookSpecificOutput>
>;
type _SubagentStopHookInput = Expect<Equals<Hex.SubagentStopHookInput, Official.SubagentStopHookInput>>;
type _SubagentStopHookSpecificOutput = Expect<
  Equals<Hex.SubagentStopHookSpecificOutput, Official.SubagentStopHookSpecificOutput>
>;
type _SyncHookJSONOutput = Expect<Equals<Hex.SyncHookJSONOutput, Official.SyncHookJSONOutput>>;
type _TaskCompletedHookInput = Expect<Equals<Hex.TaskCompletedHookInput, Official.TaskCompletedHookInput>>;
type _TaskCreatedHookInput = Expect<Equals<Hex.TaskCreatedHookInput, Official.TaskCreatedHookInput>>;
type _TeammateIdleHookInput = Expect<Equals<Hex.TeammateIdleHookInput, Official.TeammateIdleHookInput>>;
type _TerminalReason = Expect<Equals<Hex.TerminalReason, Official.TerminalReason>>;
type _ThinkingAdaptive = Expect<Equals<Hex.ThinkingAdaptive, Official.ThinkingAdaptive>>;
type _ThinkingConfig = Expect<Equals<Hex.ThinkingConfig, Official.ThinkingConfig>>;
type _ThinkingDisabled = Expect<Equals<Hex.ThinkingDisabled, Official.ThinkingDisabled>>;
type _ThinkingEnabled = Expect<Equals<Hex.ThinkingEnabled, Official.ThinkingEnabled>>;
type _ToolConfig = Expect<Equals<Hex.ToolConfig, Official.ToolConfig>>;
type _USAGE_LIMIT_ERROR_PREFIXES = Expect<
  Equals<typeof Hex.USAGE_LIMIT_ERROR_PREFIXES, typeof Official.USAGE_LIMIT_ERROR_PREFIXES>
>;
type _USAGE_TRANSITION_PREFIXES = Expect<
  Equals<typeof Hex.USAGE_TRANSITION_PREFIXES, typeof Official.USAGE_TRANSITION_PREFIXES>
>;
type _USAGE_WARNING_PREFIXES = Expect<
  Equals<typeof Hex.USAGE_WARNING_PREFIXES, typeof Official.USAGE_WARNING_PREFIXES>
>;
type _UserDialogRequest = Expect<Equals<Hex.UserDialogRequest, Official.UserDialogRequest>>;
type _UserDialogResult = Expect<Equals<Hex.UserDialogResult, Official.UserDialogResult>>;
type _UserPromptExpansionHookInput = Expect<
  Equals<Hex.UserPromptExpansionHookInput, Official.UserPromptExpansionHookInput>
>;
type _UserPromptExpansionHookSpecificOutput = Expect<
  Equals<Hex.UserPromptExpansionHookSpecificOutput, Official.UserPromptExpansionHookSpecificOutput>
>;
type _UserPromptSubmitHookInput = Expect<Equals<Hex.UserPromptSubmitHookInput, Official.UserPromptSubmitHookInput>>;
type _UserPromptSubmitHookSpecificOutput = Expect<
  Equals<Hex.UserPromptSubmitHookSpecificOutput, Official.UserPromptSubmitHookSpecificOutput>
>;
type _WorktreeCreateHookInput = Expect<Equals<Hex.WorktreeCreateHookInput, Official.WorktreeCreateHookInput>>;
type _WorktreeCreateHookSpecificOutput = Expect<
  Equals<Hex.WorktreeCreateHookSpecificOutput, Official.WorktreeCreateHookSpecificOutput>
>;
type _WorktreeRemoveHookInput = Expect<Equals<Hex.WorktreeRemoveHookInput, Official.WorktreeRemoveHookInput>>;

// Intended differences, each checked in the direction that must hold.

// hexagent's AbortError adds `code` and the static `isInstance`: it is an official one, not the reverse.
type _AbortErrorInstance = Expect<
  Extends<InstanceType<typeof Hex.AbortError>, InstanceType<typeof Official.AbortError>>
>;
type OfficialAbortError = InstanceType<typeof Official.AbortError>;
type HexAbortError = InstanceType<typeof Hex.AbortError>;
// @ts-expect-error the official AbortError has no `code`
type _AbortErrorReverse = Expect<Extends<OfficialAbortError, HexAbortError>>;

// An in-process server's `instance` is `unknown` in hexagent (createSdkMcpServer returns a plain definition,
// not the MCP SDK's McpServer): every official config is a hexagent one, not the reverse.
type _SdkServerConfig = Expect<Extends<Official.McpSdkServerConfigWithInstance, Hex.McpSdkServerConfigWithInstance>>;
// @ts-expect-error `instance` is wider in hexagent
type _SdkServerConfigSame = Expect<Equals<Hex.McpSdkServerConfigWithInstance, Official.McpSdkServerConfigWithInstance>>;
type _ServerConfig = Expect<Extends<Official.McpServerConfig, Hex.McpServerConfig>>;
// @ts-expect-error `instance` is wider in hexagent
type _ServerConfigSame = Expect<Equals<Hex.McpServerConfig, Official.McpServerConfig>>;

// `Query`: every member the same, but `setMcpServers` takes hexagent's wider `McpServerConfig` (an
// in-process server's `instance` is `unknown`, see above): an official call compiles against hexagent.
type _QueryMembers = Expect<Equals<Omit<Hex.Query, 'setMcpServers'>, Omit<Official.Query, 'setMcpServers'>>>;
type _QuerySetMcpServersResult = Expect<
  Equals<ReturnType<Hex.Query['setMcpServers']>, ReturnType<Official.Query['setMcpServers']>>
>;
type _QuerySetMcpServersServers = Expect<
  Extends<Parameters<Official.Query['setMcpServers']>, Parameters<Hex.Query['setMcpServers']>>
>;
type _QueryBothWays = Expect<MutuallyAssignable<Hex.Query, Official.Query>>;
// @ts-expect-error `setMcpServers` accepts more in hexagent
type _QuerySame = Expect<Equals<Hex.Query, Official.Query>>;
// The Options fields of hooks, elicitation and dialogs (Options as a whole: options-types.ts).
type _OptionsHooks = Expect<Equals<Hex.Options['hooks'], Official.Options['hooks']>>;
type _OptionsOnElicitation = Expect<Equals<Hex.Options['onElicitation'], Official.Options['onElicitation']>>;
type _OptionsOnUserDialog = Expect<Equals<Hex.Options['onUserDialog'], Official.Options['onUserDialog']>>;

// The settings functions: the same signatures.
type _resolveSettings = Expect<Equals<typeof Hex.resolveSettings, typeof Official.resolveSettings>>;
type _filterEscalatingDefaultMode = Expect<
  Equals<typeof Hex.filterEscalatingDefaultMode, typeof Official.filterEscalatingDefaultMode>
>;
type _matchDeniedModels = Expect<Equals<typeof Hex.matchDeniedModels, typeof Official.matchDeniedModels>>;

// The session store helpers: the same folding function; the in-memory store is the official class
// without its private fields, so an instance works wherever the official one or a SessionStore does.
type _foldSessionSummary = Expect<Equals<typeof Hex.foldSessionSummary, typeof Official.foldSessionSummary>>;
type _InMemoryStoreIsStore = Expect<Extends<Hex.InMemorySessionStore, Official.SessionStore>>;
type _InMemoryStorePublic = Expect<
  Equals<
    Pick<Hex.InMemorySessionStore, keyof Hex.InMemorySessionStore>,
    Pick<Official.InMemorySessionStore, keyof Official.InMemorySessionStore>
  >
>;

// Warm start: the claim options are the official type; the handles return hexagent's Query (see
// `Query` above), so they are mutually assignable rather than equal; the functions take the
// official parameters (hexagent's `Options`, see options-types.ts, and an optional container).
type _ClaimOptions = Expect<Equals<Hex.ClaimOptions, Official.ClaimOptions>>;
type _WarmQueryBothWays = Expect<MutuallyAssignable<Hex.WarmQuery, Official.WarmQuery>>;
type _SpareProcessBothWays = Expect<MutuallyAssignable<Hex.SpareProcess, Official.SpareProcess>>;
type _SpareClaimed = Expect<Equals<Hex.SpareProcess['claimed'], Official.SpareProcess['claimed']>>;
type _SpareClaim = Expect<Equals<Parameters<Hex.SpareProcess['claim']>, Parameters<Official.SpareProcess['claim']>>>;
type _WarmQueryPrompt = Expect<Equals<Parameters<Hex.WarmQuery['query']>, Parameters<Official.WarmQuery['query']>>>;
type _startupParams = Expect<Extends<Parameters<typeof Official.startup>, Parameters<typeof Hex.startup>>>;
type _prewarmParams = Expect<Extends<Parameters<typeof Official.prewarm>, Parameters<typeof Hex.prewarm>>>;

// Not checked here yet: the later steps that own these names add them.
// - sessions (session functions and stores): ForkSessionOptions, ForkSessionResult, GetSessionInfoOptions, GetSessionMessagesOptions, GetSubagentMessagesOptions, ImportSessionToStoreOptions, ListSessionsOptions, ListSubagentsOptions, SDKSessionInfo, SessionMessage, SessionMutationOptions
// - custom transports: Transport

// The session functions (issue 16): the same signatures and option, result and info types.
type _SDKSessionInfo = Expect<Equals<Hex.SDKSessionInfo, Official.SDKSessionInfo>>;
type _SessionMessage = Expect<Equals<Hex.SessionMessage, Official.SessionMessage>>;
type _ListSessionsOptions = Expect<Equals<Hex.ListSessionsOptions, Official.ListSessionsOptions>>;
type _GetSessionInfoOptions = Expect<Equals<Hex.GetSessionInfoOptions, Official.GetSessionInfoOptions>>;
type _GetSessionMessagesOptions = Expect<Equals<Hex.GetSessionMessagesOptions, Official.GetSessionMessagesOptions>>;
type _GetSubagentMessagesOptions = Expect<Equals<Hex.GetSubagentMessagesOptions, Official.GetSubagentMessagesOptions>>;
type _ListSubagentsOptions = Expect<Equals<Hex.ListSubagentsOptions, Official.ListSubagentsOptions>>;
type _SessionMutationOptions = Expect<Equals<Hex.SessionMutationOptions, Official.SessionMutationOptions>>;
type _ForkSessionOptions = Expect<Equals<Hex.ForkSessionOptions, Official.ForkSessionOptions>>;
type _ForkSessionResult = Expect<Equals<Hex.ForkSessionResult, Official.ForkSessionResult>>;
type _ImportSessionToStoreOptions = Expect<
  Equals<Hex.ImportSessionToStoreOptions, Official.ImportSessionToStoreOptions>
>;
type _listSessions = Expect<Equals<typeof Hex.listSessions, typeof Official.listSessions>>;
type _getSessionInfo = Expect<Equals<typeof Hex.getSessionInfo, typeof Official.getSessionInfo>>;
type _getSessionMessages = Expect<Equals<typeof Hex.getSessionMessages, typeof Official.getSessionMessages>>;
type _getSubagentMessages = Expect<Equals<typeof Hex.getSubagentMessages, typeof Official.getSubagentMessages>>;
type _listSubagents = Expect<Equals<typeof Hex.listSubagents, typeof Official.listSubagents>>;
type _forkSession = Expect<Equals<typeof Hex.forkSession, typeof Official.forkSession>>;
type _renameSession = Expect<Equals<typeof Hex.renameSession, typeof Official.renameSession>>;
type _tagSession = Expect<Equals<typeof Hex.tagSession, typeof Official.tagSession>>;
type _archiveSession = Expect<Equals<typeof Hex.archiveSession, typeof Official.archiveSession>>;
type _unarchiveSession = Expect<Equals<typeof Hex.unarchiveSession, typeof Official.unarchiveSession>>;
type _deleteSession = Expect<Equals<typeof Hex.deleteSession, typeof Official.deleteSession>>;
type _importSessionToStore = Expect<Equals<typeof Hex.importSessionToStore, typeof Official.importSessionToStore>>;
