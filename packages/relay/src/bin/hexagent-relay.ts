/**
 * `hexagent-relay [--config relay.json]`: runs a relay until SIGINT or SIGTERM, then stops every
 * CLI it started. Prints `hexagent-relay listening on <url> (process tracking: <mode>)` once it
 * accepts connections. SIGHUP reads the token again (`tokenFile`): the previous one keeps working
 * for `tokenGraceMs`. What the operator must know of (`RelayEvent`, a failed token reload) goes
 * to stderr, one line each.
 */
import { parseArgs } from 'node:util';
import { closeInheritedFds } from '../close-inherited-fds.js';
import { loadRelayConfig } from '../load-relay-config.js';
import type { RelayEvent } from '../relay-event.js';
import { startRelay } from '../relay-server.js';

async function main(): Promise<void> {
  // Nothing this process inherited reaches a CLI, nor what the CLI runs.
  closeInheritedFds();
  const { values } = parseArgs({ options: { config: { type: 'string', short: 'c' } }, strict: true });
  const relay = await startRelay({ ...loadRelayConfig(values.config), onEvent: logEvent });
  process.stdout.write(`hexagent-relay listening on ${relay.url} (process tracking: ${relay.processTracking})\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void relay.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', () => {
    try {
      relay.setToken(loadRelayConfig(values.config).token);
      process.stderr.write('hexagent-relay: token reloaded; the previous one is accepted for tokenGraceMs\n');
    } catch (error) {
      process.stderr.write(`hexagent-relay: token not reloaded, the current one stays: ${messageOf(error)}\n`);
    }
  });
}

function logEvent(event: RelayEvent): void {
  process.stderr.write(
    `hexagent-relay: containment failed: ${event.left.length} process(es) of the tree of CLI ${event.cliPid} ` +
      `still run after the kill (${event.tracking} tracking): ${event.left.join(' ')}\n`,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

main().catch((error: unknown) => {
  process.stderr.write(`hexagent-relay: ${messageOf(error)}\n`);
  process.exit(1);
});
