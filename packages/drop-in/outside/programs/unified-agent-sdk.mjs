/**
 * unified-agent-sdk's Claude provider (npm `@unified-agent-sdk/provider-claude`), a framework
 * adapter that puts the SDK behind a provider-neutral runtime: sessions that carry on by `resume`
 * (one `query()` per run, left with `break` at the first result), a session handle that a new
 * runtime resumes from, structured output through `outputFormat`, an access policy enforced in
 * `canUseTool`, `maxThinkingTokens`, `settingSources`, and cancel through its `abortController`.
 */
import { ClaudeRuntime } from '@unified-agent-sdk/provider-claude';
import { attempt, CLI_PATH, report, scenario, stable, testing } from './kit.mjs';

const { text, toolUse } = testing;

const runtime = () => new ClaudeRuntime({ defaults: { pathToClaudeCodeExecutable: CLI_PATH } });
const say = (words) => ({ parts: [{ type: 'text', text: words }] });

/** Run one turn; the events' types in order (repeats folded), and how the run completed. */
async function turn(session, words, config) {
  const handle = await session.run({ input: say(words), config });
  const events = [];
  const errors = [];
  for await (const event of handle.events) {
    const kind = event.type === 'provider.event' ? `provider.event:${event.payload?.type}` : event.type;
    if (events.at(-1) !== kind) events.push(kind);
    if (event.type === 'error') errors.push(stable(event.message));
  }
  const done = await handle.result;
  return {
    events,
    errors,
    status: done.status,
    finalText: done.finalText ?? null,
    structuredOutput: done.structuredOutput ?? null,
  };
}

/** How many messages each main request carried: a resumed session sends the earlier turns too. */
const historyLengths = (server) =>
  server.requests.filter((request) => request.kind === 'main').map((request) => request.body.messages?.length);

const results = {};

await attempt(results, 'two runs, then a new runtime resumes the session', () =>
  scenario(
    [{ content: [text('first answer')] }, { content: [text('second answer')] }, { content: [text('third answer')] }],
    async ({ server, cwd }) => {
      const first = await runtime().openSession({ config: { workspace: { cwd }, access: { auto: 'low' } } });
      const runs = [await turn(first, 'first question'), await turn(first, 'second question')];
      const handle = await first.snapshot();
      const resumed = await runtime().resumeSession(handle);
      runs.push(await turn(resumed, 'third question'));
      return {
        runs,
        sameSession: handle.sessionId === (await resumed.snapshot()).sessionId,
        history: historyLengths(server),
      };
    },
  ),
);

await attempt(results, 'structured output', () =>
  scenario(
    [{ content: [toolUse('StructuredOutput', { city: 'Paris', population: 2102650 })] }, { content: [text('ok')] }],
    async ({ cwd }) => {
      const session = await runtime().openSession({ config: { workspace: { cwd }, access: { auto: 'low' } } });
      const outputSchema = {
        type: 'object',
        properties: { city: { type: 'string' }, population: { type: 'number' } },
        required: ['city', 'population'],
      };
      return turn(session, 'Largest city of France, as JSON', { outputSchema });
    },
  ),
);

await attempt(results, 'access low: canUseTool refuses a mutating Bash command, allows a read', () =>
  scenario(
    [
      { content: [toolUse('Bash', { command: 'rm -rf notes', description: 'remove' })] },
      { content: [toolUse('Bash', { command: 'pwd', description: 'where' })] },
      { content: [text('done')] },
    ],
    async ({ server, cwd }) => {
      const session = await runtime().openSession({ config: { workspace: { cwd }, access: { auto: 'low' } } });
      const outcome = await turn(session, 'Clean up');
      const toolResults = server.toolResults().map((result) => ({
        isError: result.is_error === true,
        text: JSON.stringify(result.content).replaceAll(cwd, '<cwd>'),
      }));
      return { ...outcome, toolResults };
    },
  ),
);

await attempt(results, 'cancel while the model replies', () => {
  let asked;
  const requested = new Promise((resolve) => {
    asked = resolve;
  });
  return scenario(
    () => {
      asked();
      return { content: [text('too late')], delayMs: 60_000 };
    },
    async ({ cwd }) => {
      const session = await runtime().openSession({ config: { workspace: { cwd }, access: { auto: 'low' } } });
      const handle = await session.run({ input: say('Take your time') });
      const events = [];
      const reading = (async () => {
        for await (const event of handle.events) if (events.at(-1) !== event.type) events.push(event.type);
      })();
      await requested;
      await handle.cancel();
      const done = await handle.result;
      await reading;
      return { events, status: done.status };
    },
  );
});

report(results);
