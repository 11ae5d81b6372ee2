import type { UUID } from '../types/uuid.js';

/**
 * The id source port: where core gets random identifiers (the `uuid` of a `mirror_error` message,
 * the prefix of control request ids). Core never calls `crypto.randomUUID` or `Math.random`
 * itself, so a test can make ids predictable. The default is `randomIdSource`.
 *
 * @example
 * ```ts
 * let n = 0;
 * const ids: IdSource = { uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` };
 * const session = new Session({ transport, options, ids });
 * ```
 */
export interface IdSource {
  /** A new random (version 4) UUID. */
  uuid(): UUID;
}
