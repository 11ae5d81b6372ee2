import type { IdSource } from '../ports/id-source.js';
import type { UUID } from '../types/uuid.js';

/** The real {@link IdSource}: the platform's `crypto.randomUUID()` (Node.js 20+, browsers, edge runtimes). */
export const randomIdSource: IdSource = {
  uuid: () => globalThis.crypto.randomUUID() as UUID,
};
