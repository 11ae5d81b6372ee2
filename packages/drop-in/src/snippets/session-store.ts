import { InMemorySessionStore, query, type SessionStore } from '@hexagent/sdk';

/** Transcripts mirrored to a store, then the session resumed from the store (another host, a fresh config dir). */
export async function sessionStore(store: SessionStore = new InMemorySessionStore()): Promise<void> {
  let sessionId: string | undefined;
  for await (const message of query({
    prompt: 'Remember: the codename is pelican',
    options: { sessionStore: store, sessionStoreFlush: 'eager' },
  })) {
    if (message.type === 'system' && message.subtype === 'mirror_error') {
      console.warn(message.error, message.key.projectKey, message.key.sessionId, message.key.subpath);
    }
    if (message.type === 'result') sessionId = message.session_id;
  }
  if (sessionId === undefined) return;
  for await (const message of query({
    prompt: 'What was the codename?',
    options: { sessionStore: store, resume: sessionId, loadTimeoutMs: 10_000 },
  })) {
    if (message.type === 'result') console.log(message.session_id, message.is_error);
  }
  for await (const message of query({ prompt: 'And now?', options: { sessionStore: store, continue: true } })) {
    if (message.type === 'result') console.log(message.num_turns);
  }
}
