import { QUERY_CONTROLS, type QueryControlSpec } from './control-table.js';
import type { QueryControlName, QueryControls } from './query-controls.js';

/** Every control method's name, in {@link QUERY_CONTROLS}' order. */
export const QUERY_CONTROL_NAMES = Object.keys(QUERY_CONTROLS) as readonly QueryControlName[];

/**
 * Where a forwarding class sends a control call: `name` with `args` on the target it picks (a
 * session, the query it waits for), or a rejection of its own. `this` is the instance called.
 */
export type QueryControlRoute<Self> = (
  this: Self,
  name: QueryControlName,
  args: readonly unknown[],
  spec: QueryControlSpec,
) => Promise<unknown>;

/**
 * Give a class every control method of {@link QUERY_CONTROLS} that it does not define itself, each
 * one calling `route` with its name and arguments. Declare the methods to the compiler with an
 * interface of the class's name that extends {@link QueryControls}.
 *
 * @example
 * ```ts
 * export interface Forwarder extends QueryControls {}
 * export class Forwarder {
 *   constructor(readonly target: QueryControls) {}
 * }
 * forwardQueryControls(Forwarder, function (name, args) {
 *   return callQueryControl(this.target, name, args);
 * });
 * ```
 */
export function forwardQueryControls<Self extends object>(
  target: abstract new (...args: never[]) => Self,
  route: QueryControlRoute<Self>,
): void {
  const prototype = target.prototype as Record<string, unknown>;
  for (const name of QUERY_CONTROL_NAMES) {
    if (Object.hasOwn(prototype, name)) continue;
    const spec = QUERY_CONTROLS[name];
    Object.defineProperty(prototype, name, {
      configurable: true,
      writable: true,
      value: function (this: Self, ...args: unknown[]): Promise<unknown> {
        return route.call(this, name, args, spec);
      },
    });
  }
}

/** Call the control method `name` of `controls` with `args` (the far end of a {@link QueryControlRoute}). */
export function callQueryControl(
  controls: QueryControls,
  name: QueryControlName,
  args: readonly unknown[],
): Promise<unknown> {
  const method = controls[name] as (...params: readonly unknown[]) => Promise<unknown>;
  return method.apply(controls, [...args]);
}
