// An application that loaded tsyringe itself and registered a transport on its root container,
// run as a fresh Node.js process by root-container.test.ts with the built @hexagent/sdk. It loads
// tsyringe the way argv[2] says (`import` or `require`), registers a factory of fake CLIs under
// TRANSPORT_FACTORY, runs query() without a container and prints how often the factory was used.
import { createRequire } from 'node:module';

const how = process.argv[2];
let container;
if (how === 'import') {
  await import('reflect-metadata');
  ({ container } = await import('tsyringe'));
} else {
  const require = createRequire(import.meta.url);
  require('reflect-metadata');
  ({ container } = require('tsyringe'));
}
const { query, TRANSPORT_FACTORY } = await import('@hexagent/sdk');
const { FakeCliTransport } = await import('@hexagent/testing');

let calls = 0;
container.register(TRANSPORT_FACTORY, {
  useValue: () => {
    calls += 1;
    return new FakeCliTransport({
      autoInitialize: true,
      // The prompt ends the CLI's output: the query is over (without a result).
      onSend: (message, cli) => {
        if (message.type === 'user') cli.finish();
      },
    });
  },
});
const q = query({ prompt: 'hi' });
try {
  for await (const _ of q) {
  }
} catch {
  // The fake ends without a result; only which transport was used matters here.
}
process.stdout.write(`${JSON.stringify({ calls })}\n`);
