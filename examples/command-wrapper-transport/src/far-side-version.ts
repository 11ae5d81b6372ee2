import { askCliVersion } from '@hexagent/transport-kit';
import { linkFailureExitCode, throughWrapper, type Wrapper } from './far-side-command.js';
import { runOnFarSide } from './run-on-far-side.js';

/** The answers, by wrapper and CLI: one question per far side and process. */
const versions = new Map<string, Promise<string | undefined>>();

/**
 * Asks the far side for its CLI's version (`<cli> --version` through the wrapper) and refuses one
 * older than the kit's minimum, once per far side: later sessions reuse the answer; a failed
 * question is asked again next time.
 *
 * @throws UnsupportedCliVersionError when the far side's CLI is too old.
 * @throws CommandNotFoundError when the wrapper cannot be run here; LinkUnreachableError when the
 *   wrapper says its link failed; an Error when the far side fails.
 */
export function checkFarSideVersion(
  wrapper: Wrapper,
  cli: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | undefined> {
  const key = JSON.stringify([wrapper.wrapper, wrapper.remoteShell, wrapper.linkFailureExitCode, cli]);
  let version = versions.get(key);
  if (version === undefined) {
    version = askCliVersion(
      (args) => runOnFarSide(throughWrapper(wrapper, [cli, ...args]), env, 30_000, '', linkFailureExitCode(wrapper)),
      throughWrapper(wrapper, [cli]).join(' '),
    );
    versions.set(key, version);
    version.catch(() => versions.delete(key));
  }
  return version;
}
