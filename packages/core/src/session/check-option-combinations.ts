import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { Options } from '../types/options.js';

/**
 * Throws `InvalidOptionError` for options any session refuses, whatever carries it to the CLI:
 * `sessionStore` with `persistSession: false` (the CLI mirrors what it wrote locally), with
 * `enableFileCheckpointing` (backups are not mirrored, so `rewindFiles()` would fail after a store
 * resume) or with `continue` (and no `resume`) on a store without `listSessions` (the latest
 * session cannot be found), as the official SDK refuses them; a non-empty `supportedDialogKinds` without `onUserDialog` (the CLI would park
 * dialogs nothing answers), and a `pluginDelivery` other than `'argv'` or `'initialize'`.
 *
 * @example
 * ```ts
 * checkOptionCombinations({ supportedDialogKinds: ['refusal_fallback_prompt'] }); // throws
 * ```
 */
export function checkOptionCombinations(options: Options): void {
  if (options.sessionStore !== undefined) checkSessionStore(options);
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

function checkSessionStore(options: Options): void {
  if (options.persistSession === false) {
    throw new InvalidOptionError({
      option: 'sessionStore',
      message:
        'cannot be used with persistSession: false: the store mirrors what the CLI writes locally. To keep no ' +
        'local copy, give the CLI a private CLAUDE_CONFIG_DIR in `env` and delete it when the query ends.',
    });
  }
  if (options.enableFileCheckpointing === true) {
    throw new InvalidOptionError({
      option: 'enableFileCheckpointing',
      message:
        'is not supported with sessionStore: file backups are not mirrored, so rewindFiles() fails after a store resume',
    });
  }
  if (options.continue === true && options.resume === undefined && options.sessionStore?.listSessions === undefined) {
    throw new InvalidOptionError({
      option: 'continue',
      message: 'with sessionStore needs store.listSessions to find the latest session',
    });
  }
}
