import { type HookCallback, type HookInput, type HookJSONOutput, type PreToolUseHookInput, query } from '@hexagent/sdk';

const protectEnvFiles: HookCallback = async (input, _toolUseID, { signal }) => {
  if (signal.aborted) return {};
  const preInput = input as PreToolUseHookInput;
  const toolInput = preInput.tool_input as Record<string, unknown>;
  const filePath = toolInput['file_path'] as string | undefined;
  if (filePath?.endsWith('.env')) {
    return {
      systemMessage: 'Blocked a write to a .env file',
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'Cannot modify .env files',
      },
    };
  }
  return {};
};

async function logEvents(input: HookInput): Promise<HookJSONOutput> {
  switch (input.hook_event_name) {
    case 'PostToolUse':
      console.log(`${input.tool_name} took ${input.duration_ms ?? 0} ms`, input.tool_response);
      return { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'logged' } };
    case 'SessionStart':
      console.log('session started from', input.source);
      return {};
    case 'Stop':
      return { continue: true };
    case 'Notification':
      console.log(input.message);
      return { async: true, asyncTimeout: 30_000 };
    default:
      return {};
  }
}

/** Hooks: typed inputs narrowed on hook_event_name, and typed outputs. */
export async function hooks(): Promise<void> {
  for await (const message of query({
    prompt: 'Update the database configuration',
    options: {
      hooks: {
        PreToolUse: [{ matcher: 'Write|Edit', hooks: [protectEnvFiles], timeout: 30 }],
        PostToolUse: [{ hooks: [logEvents] }],
        SessionStart: [{ hooks: [logEvents] }],
        Stop: [{ hooks: [logEvents] }],
        Notification: [{ hooks: [logEvents] }],
      },
    },
  })) {
    if (message.type === 'system' && message.subtype === 'hook_response')
      console.log(message.hook_name, message.outcome);
  }
}
