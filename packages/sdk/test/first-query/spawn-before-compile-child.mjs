// A user's program, run as a fresh Node.js process by spawn-before-compile.test.ts: two queries in
// a row through the built @hexagent/sdk, on the stand-in CLI at HEXAGENT_STAND_IN_CLI, each with a
// new in-process server whose zod tool is a Proxy that notes when the tools runtime first reads it
// (compiling the tool: its manifest). An async hook notes every process spawned (a PROCESSWRAP is
// made inside child_process.spawn, synchronously). It prints the events, in order, as one JSON line.
import { createHook } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

const events = [];
const note = (event) => events.push({ event, atMs: Math.round(performance.now() * 1000) / 1000 });
createHook({
  init(_id, type) {
    if (type === 'PROCESSWRAP') note('spawn');
  },
}).enable();

const { createSdkMcpServer, query, tool } = await import('@hexagent/sdk');
const { z } = await import('zod');

/** A zod raw shape that notes `compile <round>` on the first read once armed. */
function observedShape(round) {
  let armed = false;
  const touched = () => {
    if (!armed) return;
    armed = false;
    note(`compile ${round}`);
  };
  const shape = new Proxy(
    { a: z.number(), b: z.number() },
    {
      get(target, key, receiver) {
        touched();
        return Reflect.get(target, key, receiver);
      },
      ownKeys(target) {
        touched();
        return Reflect.ownKeys(target);
      },
      getOwnPropertyDescriptor(target, key) {
        touched();
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    },
  );
  return { shape, arm: () => (armed = true) };
}

for (const round of [1, 2]) {
  const { shape, arm } = observedShape(round);
  const calc = createSdkMcpServer({
    name: 'calc',
    tools: [tool('add', 'Add', shape, async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }))],
  });
  // Defining the tool may read its shape; what counts is what query() does.
  arm();
  note(`query ${round}`);
  const options = { pathToClaudeCodeExecutable: process.env.HEXAGENT_STAND_IN_CLI, mcpServers: { calc } };
  for await (const message of query({ prompt: 'hi', options })) {
    if (message.type === 'result') note(`result ${round}`);
  }
}
process.stdout.write(`${JSON.stringify(events)}\n`);
