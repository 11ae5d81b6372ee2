import type { ControlHost } from './control-host.js';
import { QUERY_CONTROLS, type QueryControlEntry } from './control-table.js';
import type { QueryControlName } from './query-controls.js';

/**
 * Runs a control entry of {@link QUERY_CONTROLS} with `args` on `host`. The request is written in the
 * call itself, as a method calling `host.request` would (a caller may send another request right
 * after and count on the order), unless its payload needs the host first (`setMcpServers`).
 */
async function runControl(
  entry: QueryControlEntry<QueryControlName>,
  host: ControlHost,
  args: unknown[],
): Promise<unknown> {
  if ('own' in entry) throw new TypeError('a control the class writes itself is not run from the table');
  if ('read' in entry) return entry.read(await host.initializationResult(), host) as unknown;
  try {
    const payload = (entry.payload as ((args: unknown[], host: ControlHost) => unknown) | undefined)?.(args, host);
    const response = await host.request(
      entry.subtype,
      (payload instanceof Promise ? await payload : payload) as Record<string, unknown> | undefined,
    );
    return entry.answer?.(response);
  } catch (error) {
    if (entry.onFailure !== undefined) return entry.onFailure();
    throw error;
  }
}

/**
 * Give `target`'s prototype every control method of {@link QUERY_CONTROLS} that is not the class's
 * own (`initializationResult`, `reinitialize`), each one running its table entry on the instance.
 * Declare the methods to the compiler with an interface of the class's name that extends `QueryControls`.
 *
 * @example
 * ```ts
 * export interface Session extends QueryControls {}
 * export class Session implements ControlHost { ... }
 * installControlCalls(Session);
 * ```
 */
export function installControlCalls(target: abstract new (...args: never[]) => ControlHost): void {
  const prototype = target.prototype as Record<string, unknown>;
  for (const [name, entry] of Object.entries(QUERY_CONTROLS) as Array<
    [QueryControlName, QueryControlEntry<QueryControlName>]
  >) {
    if ('own' in entry || Object.hasOwn(prototype, name)) continue;
    Object.defineProperty(prototype, name, {
      configurable: true,
      writable: true,
      value: function (this: ControlHost, ...args: unknown[]): Promise<unknown> {
        return runControl(entry, this, args);
      },
    });
  }
}
