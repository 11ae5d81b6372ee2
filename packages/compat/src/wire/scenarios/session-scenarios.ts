import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { text } from '@hexagent/testing';
import { drain, kindOf, type Scenario } from '../scenario.js';

/**
 * `sessionStore`: the first query mirrors its transcript into the store (`--session-mirror`,
 * `transcript_mirror` frames); the second resumes from the store on an empty config dir.
 */
export const sessionStoreMirror: Scenario = {
  name: 'session-store-mirror',
  description: 'sessionStore mirrors a query, then a resume from the store on a fresh config dir',
  script: [{ content: [text('noted: 7')] }, { content: [text('it was 7')] }],
  async run(context) {
    const store = new context.sdk.InMemorySessionStore();
    let sessionId: string | undefined;
    try {
      for await (const message of context.sdk.query({
        prompt: 'remember 7',
        options: { ...context.options, sessionStore: store },
      })) {
        context.saw(kindOf(message));
        if (message.type === 'result') sessionId = message.session_id;
      }
      context.saw('ended');
    } catch (error) {
      context.saw(`threw ${error instanceof Error ? error.name : typeof error}`);
    }
    if (sessionId === undefined) return;
    const home = context.options.env?.['HOME'] ?? '';
    const freshConfig = join(home, 'fresh-config');
    await mkdir(freshConfig, { recursive: true });
    await drain(
      context,
      context.sdk.query({
        prompt: 'what was it?',
        options: {
          ...context.options,
          env: { ...context.options.env, CLAUDE_CONFIG_DIR: freshConfig },
          sessionStore: store,
          resume: sessionId,
        },
      }),
    );
  },
};

/** `startup()` starts and initializes the CLI ahead; the prompt follows with `query()`. */
export const startup: Scenario = {
  name: 'startup',
  description: 'startup() ahead, then warm.query()',
  script: [{ content: [text('warm hello')] }],
  async run(context) {
    const warm = await context.sdk.startup({ options: context.options });
    await drain(context, warm.query('hi'));
  },
};

/** `prewarm()` parks a CLI (`--await-claim`); `claim()` hands it a session (`claim_session`). */
export const prewarmClaim: Scenario = {
  name: 'prewarm-claim',
  description: 'prewarm() a spare, then claim() it with a prompt',
  script: [{ content: [text('claimed hello')] }],
  async run(context) {
    const spare = await context.sdk.prewarm({ options: context.options });
    await drain(context, spare.claim({ prompt: 'hi', options: { cwd: context.options.cwd ?? '.' } }));
  },
};
