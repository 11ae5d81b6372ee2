import type { Transport, TransportSink } from '../ports/transport.js';

/**
 * Reads `transport` into `sink`: through `subscribe` when the transport has it, otherwise by
 * iterating `messages()` (one asynchronous hop per message). Either way `sink.end` is called once,
 * last; an error thrown by `sink.message` ends the reading with that error.
 *
 * @example
 * ```ts
 * readTransport(transport, {
 *   message: (message) => console.log(message.type),
 *   end: (error) => error !== undefined && console.error(error),
 * });
 * ```
 */
export function readTransport(transport: Transport, sink: TransportSink): void {
  if (typeof transport.subscribe === 'function') {
    transport.subscribe(sink);
    return;
  }
  const iterable = transport.messages();
  void (async () => {
    try {
      for await (const message of iterable) sink.message(message);
    } catch (error) {
      sink.end(error);
      return;
    }
    sink.end();
  })();
}
