import { forkSession, getSessionMessages, listSessions } from '@hexagent/sdk';

/** Session functions of the official SDK. */
export async function sessionFunctions(): Promise<void> {
  const sessions = await listSessions({ dir: process.cwd(), limit: 10 });
  for (const session of sessions) console.log(session.sessionId, session.summary);
  const first = sessions[0];
  if (first === undefined) return;
  const messages = await getSessionMessages(first.sessionId, { limit: 20 });
  console.log(messages.length);
  const { sessionId } = await forkSession(first.sessionId, { title: 'experiment' });
  console.log(sessionId);
}
