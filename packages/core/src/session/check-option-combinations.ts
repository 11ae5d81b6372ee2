import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { Options } from '../types/options.js';

/**
 * Throws `InvalidOptionError` for options any session refuses, whatever carries it to the CLI:
 * `sessionStore` (not supported by hexagent yet: refusing it beats running without the mirror the
 * caller relies on), a non-empty `supportedDialogKinds` without `onUserDialog` (the CLI would park
 * dialogs nothing answers), and a `pluginDelivery` other than `'argv'` or `'initialize'`.
 *
 * @example
 * ```ts
 * checkOptionCombinations({ supportedDialogKinds: ['refusal_fallback_prompt'] }); // throws
 * ```
 */
export function checkOptionCombinations(options: Options): void {
  if (options.sessionStore !== undefined) {
    throw new InvalidOptionError({
      option: 'sessionStore',
      message:
        'is not supported by hexagent yet: transcripts are not mirrored to a store. Leave it out ' +
        '(sessions are still written under CLAUDE_CONFIG_DIR), or use the official SDK for store mirroring.',
    });
  }
  if ((options.supportedDialogKinds?.length ?? 0) > 0 && options.onUserDialog === undefined) {
    throw new InvalidOptionError({
      option: 'supportedDialogKinds',
      message: 'needs an `onUserDialog` callback: the CLI would send dialogs that nothing answers',
    });
  }
  const delivery: unknown = options.pluginDelivery;
  if (delivery !== undefined && delivery !== 'argv' && delivery !== 'initialize') {
    throw new InvalidOptionError({
      option: 'pluginDelivery',
      message: `must be 'argv' or 'initialize', got ${JSON.stringify(delivery)}`,
    });
  }
}
