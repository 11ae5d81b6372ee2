import {
  HOOK_EVENTS,
  type HookCallback,
  type HookEvent,
  type HookInput,
  type HookJSONOutput,
  query,
} from '@hexagent/sdk';

/** What each event's hook answers, in the event's own output shape. */
async function answer(input: HookInput): Promise<HookJSONOutput> {
  switch (input.hook_event_name) {
    case 'PreToolUse':
      return {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: { original: input.tool_input, checked: true },
          additionalContext: `checked ${input.tool_name}`,
        },
      };
    case 'PermissionRequest':
      return {
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: { behavior: 'deny', message: `no ${input.tool_name}`, interrupt: false },
        },
      };
    case 'UserPromptSubmit':
      return { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: input.prompt } };
    case 'SessionStart':
      return { hookSpecificOutput: { hookEventName: 'SessionStart', watchPaths: [`${input.cwd}/watched.txt`] } };
    case 'WorktreeCreate':
      return { hookSpecificOutput: { hookEventName: 'WorktreeCreate', worktreePath: `/tmp/${input.name}` } };
    case 'Elicitation':
      return { hookSpecificOutput: { hookEventName: 'Elicitation', action: 'decline' } };
    case 'Stop':
      return { systemMessage: `stopping after: ${input.last_assistant_message ?? ''}` };
    default:
      return {};
  }
}

const everyEvent: HookCallback = (input) => answer(input);

/** Every hook event, each with a callback. */
export async function hooksForEveryEvent(): Promise<void> {
  const hooks: Partial<Record<HookEvent, Array<{ hooks: HookCallback[]; timeout?: number }>>> = {};
  for (const event of HOOK_EVENTS) hooks[event] = [{ hooks: [everyEvent], timeout: 30 }];
  for await (const message of query({ prompt: 'Work', options: { hooks } })) console.log(message.type);
}
