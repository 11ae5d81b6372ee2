/**
 * `ai-sdk-provider-claude-code`, its newest npm release (AI SDK v7; the earlier row ran a GitHub
 * commit with AI SDK 6 by hand): an AI SDK language model backed by the SDK's `query()`. Driven
 * through `generateText`/`streamText` as its README shows: text and metadata, streaming parts,
 * `canUseTool` allowing and denying, an abort while the model replies, an API error, `maxTurns`,
 * and resuming the session the first call left (`resume`, from the final step's metadata).
 */

import { generateText, streamText } from 'ai';
import { claudeCode } from 'ai-sdk-provider-claude-code';
import { attempt, CLI_PATH, describeError, report, scenario, stable, testing } from './kit.mjs';

const { text, toolUse, apiError } = testing;

const model = (settings = {}) => claudeCode('sonnet', { pathToClaudeCodeExecutable: CLI_PATH, ...settings });

/** What a caller of `generateText` sees: text, finish reason, metadata keys; or the error. */
async function generate(args) {
  try {
    const result = await generateText(args);
    const meta = result.finalStep?.providerMetadata?.['claude-code'] ?? {};
    return {
      text: result.text,
      finishReason: result.finishReason,
      metadataKeys: Object.keys(meta).sort(),
      sessionId: meta.sessionId,
    };
  } catch (error) {
    return { error: { ...describeError(error), cause: error?.cause ? describeError(error.cause) : undefined } };
  }
}

const historyLengths = (server) =>
  server.requests.filter((request) => request.kind === 'main').map((request) => request.body.messages?.length);

const results = {};

await attempt(results, 'generateText', () =>
  scenario([{ content: [text('Hello from the model')] }], async () => {
    const { sessionId: _id, ...seen } = await generate({ model: model(), prompt: 'Say hello' });
    return seen;
  }),
);

await attempt(results, 'streamText with partial messages', () =>
  scenario([{ content: [text('Streaming words arrive')] }], async () => {
    const stream = streamText({ model: model({ includePartialMessages: true }), prompt: 'Stream please' });
    const parts = [];
    for await (const part of stream.fullStream) if (parts.at(-1) !== part.type) parts.push(part.type);
    return { parts, text: await stream.text };
  }),
);

await attempt(results, 'canUseTool allows one Bash call and denies another', () =>
  scenario(
    [
      { content: [toolUse('Bash', { command: 'echo allowed', description: 'echo' })] },
      { content: [toolUse('Bash', { command: 'rm -rf /tmp/nothing', description: 'remove' })] },
      { content: [text('One ran, one was denied')] },
    ],
    async ({ server }) => {
      const seen = await generate({
        model: model({
          canUseTool: async (_name, input) =>
            String(input.command).startsWith('rm')
              ? { behavior: 'deny', message: 'not allowed to remove' }
              : { behavior: 'allow', updatedInput: input },
        }),
        prompt: 'Run two commands',
      });
      return {
        text: seen.text ?? seen.error,
        toolResults: server.toolResults().map((result) => stable(JSON.stringify(result.content))),
      };
    },
  ),
);

await attempt(results, 'abortSignal while the model replies', () => {
  let asked;
  const requested = new Promise((resolve) => {
    asked = resolve;
  });
  return scenario(
    () => {
      asked();
      return { content: [text('too late')], delayMs: 60_000 };
    },
    async () => {
      const controller = new AbortController();
      const pending = generate({ model: model(), prompt: 'Take your time', abortSignal: controller.signal });
      await requested;
      controller.abort();
      return pending;
    },
  );
});

await attempt(results, 'an API error (400)', () =>
  // Every request gets the error: the CLI asked four times for this prompt, and a list runs out.
  scenario(
    () => apiError(400, 'invalid_request_error', 'bad request from the scripted model'),
    async () => generate({ model: model(), prompt: 'Fail please' }),
  ),
);

await attempt(results, 'maxTurns 1 reached', () =>
  scenario(
    [{ content: [toolUse('Bash', { command: 'echo one', description: 'echo' })] }, { content: [text('never')] }],
    async () => generate({ model: model({ maxTurns: 1, allowedTools: ['Bash'] }), prompt: 'Loop' }),
  ),
);

await attempt(results, 'a second call resumes the first session', () =>
  scenario([{ content: [text('Noted: blue')] }, { content: [text('Blue')] }], async ({ server }) => {
    const first = await generate({ model: model(), prompt: 'My colour is blue' });
    const second = await generate({ model: model({ resume: first.sessionId }), prompt: 'Which colour?' });
    return {
      first: first.text ?? first.error,
      second: second.text ?? second.error,
      sameSession: first.sessionId === second.sessionId,
      history: historyLengths(server),
    };
  }),
);

report(results);
