import type { InitializeResponse } from '@hexagent/core';

function model(value: string, resolvedModel: string, displayName: string, description: string) {
  return {
    value,
    resolvedModel,
    displayName,
    description,
    supportsEffort: true,
    supportedEffortLevels: ['low', 'medium', 'high', 'xhigh', 'max'],
    supportsAdaptiveThinking: true,
    supportsAutoMode: true,
    supportsThinkingOff: false,
  };
}

/**
 * A realistic answer to `initialize`, trimmed from the answer Claude Code 2.1.329 gave in the
 * recorded captures: a few `commands`, `agents`, `models`, the API-key `account`, `pid`,
 * `claude_code_version: '2.1.329'`, `current_permission_mode: 'default'`, `capabilities: []`.
 * A fresh object on every call.
 */
export function defaultInitializeResponse(): InitializeResponse {
  return {
    commands: [
      {
        name: 'compact',
        description: 'Free up context by summarizing the conversation so far',
        argumentHint: '<optional custom summarization instructions>',
        builtin: true,
      },
      { name: 'context', description: 'Show current context usage', argumentHint: '', builtin: true },
      {
        name: 'init',
        description: 'Initialize a new CLAUDE.md file with codebase documentation',
        argumentHint: '',
        builtin: true,
      },
      { name: 'model', description: 'Set the AI model for Claude Code', argumentHint: '<model>', builtin: true },
    ],
    agents: [
      {
        name: 'general-purpose',
        description:
          'General-purpose agent for researching complex questions, searching for code, and executing multi-step tasks.',
      },
      {
        name: 'Plan',
        description: 'Software architect agent for designing implementation plans.',
        model: 'inherit',
      },
    ],
    output_style: 'default',
    available_output_styles: ['default', 'Explanatory', 'Learning'],
    models: [
      model('default', 'claude-opus-5-5', 'Default (recommended)', 'Use the default model (currently Opus 5.5)'),
      model('opus', 'claude-opus-5-5', 'Opus', 'Opus 5.5 · Best for everyday, complex tasks'),
      model('sonnet', 'claude-sonnet-5-5', 'Sonnet', 'Sonnet 5.5 · Efficient for routine tasks'),
      model('haiku', 'claude-haiku-5-5', 'Haiku', 'Haiku 5.5 · Fastest for quick answers'),
    ],
    account: { tokenSource: 'none', apiKeySource: 'ANTHROPIC_API_KEY', apiProvider: 'firstParty' },
    pid: 10683,
    claude_code_version: '2.1.329',
    current_permission_mode: 'default',
    capabilities: [],
  };
}
