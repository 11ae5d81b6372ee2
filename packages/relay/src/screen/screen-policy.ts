import type { ResolvedRelayConfig } from '../relay-config.js';

/** What the screens of a client's messages read of the relay's configuration. */
export type ScreenPolicy = Pick<
  ResolvedRelayConfig,
  | 'allowedFlags'
  | 'allowedFlagValues'
  | 'allowedEnv'
  | 'allowClientMcpServers'
  | 'cwdRoots'
  | 'allowedControlSubtypes'
  | 'allowedMessageTypes'
>;
