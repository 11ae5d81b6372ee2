import type { StandInScenario } from './stand-in-scenario.js';

/**
 * The scenario of the transport conformance suite's peer (see `transportConformanceSuite`): it
 * answers `initialize`, echoes `echo` messages, exits when its input ends, and on
 * `{"type":"conformance_busy"}` starts a child in a session of its own (as the CLI's Bash tool runs
 * a command), stops heeding the end of its input (as the CLI does while it waits on the model) and
 * echoes the message: from then on it and its child run until they are killed.
 *
 * @example
 * ```ts
 * const peer = installStandInCli(conformancePeer());
 * transportConformanceSuite('MyTransport', () => new MyTransport({ command: peer.path }));
 * ```
 */
export function conformancePeer(): StandInScenario {
  return {
    echo: ['echo'],
    ignoreSignals: ['SIGHUP'],
    on: {
      conformance_busy: [{ spawn: {} }, { ignoreEndOfInput: true }, { send: { type: 'conformance_busy' } }],
    },
  };
}
