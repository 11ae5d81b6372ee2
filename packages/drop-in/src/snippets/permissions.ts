import { type CanUseTool, type PermissionResult, query } from '@hexagent/sdk';

const canUseTool: CanUseTool = async (toolName, input, { signal, suggestions, toolUseID, decisionReason }) => {
  if (signal.aborted) return { behavior: 'deny', message: 'aborted' };
  console.log(`${toolName} (${toolUseID}) asks: ${decisionReason ?? 'no reason given'}`);
  if (toolName === 'Bash' && String(input['command']).includes('rm -rf')) {
    return { behavior: 'deny', message: 'Destructive commands are not allowed', interrupt: true };
  }
  if (toolName === 'Write') {
    const result: PermissionResult = {
      behavior: 'allow',
      updatedInput: { ...input, file_path: `/sandbox/${String(input['file_path'])}` },
    };
    return result;
  }
  return { behavior: 'allow', updatedInput: input, ...(suggestions && { updatedPermissions: suggestions }) };
};

/** Permissions: a canUseTool callback that rewrites input, applies suggestions, or denies. */
export async function permissions(): Promise<void> {
  const q = query({
    prompt: 'Clean up the build directory',
    options: { canUseTool, permissionMode: 'default', allowedTools: ['Read'] },
  });
  for await (const message of q) {
    if (message.type === 'system' && message.subtype === 'permission_denied')
      console.log(message.tool_name, message.message);
    if (message.type === 'result') console.log(message.permission_denials.map((denial) => denial.tool_name));
  }
  await q.setPermissionMode('acceptEdits');
}
