// The official SDK's runtime constants and hexagent's must hold the same values.
import { deepStrictEqual } from 'node:assert';

const official = await import('@anthropic-ai/claude-agent-sdk');
const hexagent = await import('@hexagent/sdk');

const names = [
  'HOOK_EVENTS',
  'EXIT_REASONS',
  'BUILTIN_TOOL_NAMES',
  'LEGACY_TOOL_NAME_ALIASES',
  'USAGE_LIMIT_ERROR_PREFIXES',
  'USAGE_WARNING_PREFIXES',
  'USAGE_TRANSITION_PREFIXES',
  'ORG_POLICY_LIMIT_PREFIXES',
  'SYSTEM_PROMPT_DYNAMIC_BOUNDARY',
];
for (const name of names) deepStrictEqual(hexagent[name], official[name], `${name} differs from the official value`);
console.log(`${names.length} passed, 0 failed`);
