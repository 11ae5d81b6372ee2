import { InvalidOptionError, type Options, type TransportFactory } from '@hexagent/core';

/**
 * The factory a session gets its transport from: `options.transport` when given, else `registered`
 * (the container's `TRANSPORT_FACTORY`).
 *
 * @throws InvalidOptionError (option `transport`) for a value that is not a factory: a `Transport`
 *   instance is named as such, since one option bag may need several transports (a pool, a store
 *   resume); and for `transport` with `spawnClaudeCodeProcess`, which only the default transport runs.
 */
export function transportFactoryOf(options: Options, registered: TransportFactory): TransportFactory {
  const given: unknown = options.transport;
  if (given === undefined) return registered;
  if (typeof given !== 'function') {
    throw new InvalidOptionError({
      option: 'transport',
      message: isTransportLike(given)
        ? 'takes a TransportFactory, (options) => Transport, not a Transport: a pool or a client may need more ' +
          'than one. Pass webSocketTransport({ url, token }), or () => transport to use this one once'
        : `must be a TransportFactory, (options) => Transport; got ${given === null ? 'null' : typeof given}`,
    });
  }
  if (options.spawnClaudeCodeProcess !== undefined) {
    throw new InvalidOptionError({
      option: 'transport',
      message:
        'cannot be used with spawnClaudeCodeProcess: both decide how the CLI runs, and only the default ' +
        'transport calls spawnClaudeCodeProcess. Give one of them',
    });
  }
  return given as TransportFactory;
}

function isTransportLike(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate['start'] === 'function' && typeof candidate['send'] === 'function';
}
