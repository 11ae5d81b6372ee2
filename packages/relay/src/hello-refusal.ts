import type { RelayRefusalReason } from '@hexagent/transport-kit';

/** Why the relay refused a client's hello: the reason sent back in `relay_refused`, and its message. */
export interface HelloRefusal {
  reason: RelayRefusalReason;
  message: string;
}
