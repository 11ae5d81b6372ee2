/**
 * An outside transport, written against the public packages only (`@hexagent/core` for the port,
 * `@hexagent/transport-kit` for the shared mechanisms): the Claude Code CLI run through a command
 * wrapper. docs/contributing-a-transport.md walks through it.
 *
 * @example
 * ```ts
 * import { query } from '@hexagent/sdk';
 * import { commandWrapperTransport } from '@hexagent/example-command-wrapper-transport';
 *
 * const transport = commandWrapperTransport({ wrapper: ['ssh', '-T', 'build-box'], remoteShell: true });
 * for await (const message of query({ prompt: 'hi', options: { transport } })) console.log(message.type);
 * ```
 *
 * @packageDocumentation
 */
import type { TransportFactory } from '@hexagent/core';
import { type CommandWrapperSettings, CommandWrapperTransport } from './command-wrapper-transport.js';

export { type CommandWrapperSettings, CommandWrapperTransport } from './command-wrapper-transport.js';

/**
 * The transport factory that runs each session's CLI through `settings.wrapper`: give it as the
 * `transport` option of a query or client, or register it under `TRANSPORT_FACTORY`.
 */
export function commandWrapperTransport(settings: CommandWrapperSettings): TransportFactory {
  return (launch) => new CommandWrapperTransport(launch, settings);
}
