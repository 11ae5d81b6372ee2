/**
 * `hexagent-relay [--config relay.json]`: runs a relay until SIGINT or SIGTERM, then stops every
 * CLI it started. Prints `hexagent-relay listening on <url>` once it accepts connections.
 */
import { parseArgs } from 'node:util';
import { loadRelayConfig } from '../load-relay-config.js';
import { startRelay } from '../relay-server.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { config: { type: 'string', short: 'c' } }, strict: true });
  const relay = await startRelay(loadRelayConfig(values.config));
  process.stdout.write(`hexagent-relay listening on ${relay.url}\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void relay.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`hexagent-relay: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
