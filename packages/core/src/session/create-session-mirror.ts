import { TranscriptMirror } from '../session-store/mirror/transcript-mirror.js';
import type { SDKMirrorErrorMessage } from '../types/messages/system-event-messages.js';
import type { Options } from '../types/options.js';
import type { SessionDependencies } from './session-dependencies.js';

/**
 * The session's {@link TranscriptMirror} when `options.sessionStore` is set (else `undefined`):
 * frames are keyed under `dependencies.mirrorProjectsDir`, flushed as `sessionStoreFlush` says,
 * and each `mirror_error` goes to `report` (the caller's stream).
 */
export function createSessionMirror(
  options: Options,
  dependencies: Pick<SessionDependencies, 'mirrorProjectsDir' | 'mirrorWarn' | 'clock' | 'ids'>,
  report: (message: SDKMirrorErrorMessage) => void,
): TranscriptMirror | undefined {
  const store = options.sessionStore;
  if (store === undefined) return undefined;
  return new TranscriptMirror({
    store,
    projectsDir: dependencies.mirrorProjectsDir ?? (() => ''),
    ...(options.sessionStoreFlush !== undefined && { flush: options.sessionStoreFlush }),
    report,
    ...(dependencies.mirrorWarn !== undefined && { warn: dependencies.mirrorWarn }),
    ...(dependencies.clock !== undefined && { clock: dependencies.clock }),
    ...(dependencies.ids !== undefined && { ids: dependencies.ids }),
  });
}
