import { type ElicitationRequest, type OnUserDialog, query, type UserDialogResult } from '@hexagent/sdk';

const onUserDialog: OnUserDialog = async ({ dialogKind, payload, toolUseID }, { signal }) => {
  if (signal.aborted || dialogKind !== 'refusal_fallback_prompt') return { behavior: 'cancelled' };
  const answer: UserDialogResult = { behavior: 'completed', result: { retry: true, payload, toolUseID } };
  return answer;
};

/** MCP elicitation (form and URL) and user dialogs. */
export async function elicitationAndDialogs(): Promise<void> {
  for await (const message of query({
    prompt: 'Connect to the calendar server',
    options: {
      mcpServers: { calendar: { command: 'node', args: ['calendar-server.js'] } },
      onElicitation: async (request: ElicitationRequest, { signal, requestId }) => {
        console.log(request.serverName, request.message, requestId, signal.aborted);
        if (request.mode === 'url') {
          console.log('open', request.url, request.elicitationId);
          return { action: 'accept' };
        }
        if (request.requestedSchema !== undefined) return { action: 'accept', content: { name: 'Alice' } };
        return request.title === undefined ? { action: 'decline' } : null;
      },
      onUserDialog,
    },
  })) {
    console.log(message.type);
  }
}
