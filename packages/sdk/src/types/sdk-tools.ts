/**
 * Input and output shapes of the Claude Code CLI's built-in tools, as the official SDK publishes
 * them in its `sdk-tools` entry: what `tool_input` holds in hooks and `canUseTool`, and what
 * `tool_use_result` holds on user messages. Types only; domain types of `@hexagent/core`, re-exported
 * unchanged.
 *
 * @packageDocumentation
 */

export type * from '@hexagent/core/sdk-tools';
