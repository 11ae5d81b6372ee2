import { query } from '@hexagent/sdk';

/** Sessions: capture the id from the init message, then resume (or fork) it. */
export async function sessions(): Promise<void> {
  let sessionId: string | undefined;
  for await (const message of query({
    prompt: 'Help me build a web application',
    options: { model: 'claude-sonnet-4-5' },
  })) {
    if (message.type === 'system' && message.subtype === 'init') {
      sessionId = message.session_id;
      console.log(message.model, message.tools, message.mcp_servers, message.permissionMode);
    }
  }
  if (sessionId === undefined) return;
  for await (const message of query({
    prompt: 'Continue implementing the authentication system',
    options: { resume: sessionId, forkSession: true },
  })) {
    if (message.type === 'result') console.log(message.session_id, message.is_error);
  }
}
