import type { ResumeTranscripts, TransportLaunch } from '@hexagent/core';
import { valueFlag } from './cli-args/flag-forms.js';

/**
 * The `resume` a store resume's launch is built with while its session id is still to be found
 * (`continue`: the latest session of the store): {@link resumedLaunch} puts the id in its place.
 */
export const PENDING_RESUME = '<store-resume-pending>';

/** What a store resume found: the session's id and its transcripts, as loaded from the store. */
export interface ResumeFacts {
  /** The session resumed; `undefined` when the store has none (the pending `--resume` is dropped). */
  sessionId?: string | undefined;
  /** The session's transcripts, when the store had them (the launch's `resumeTranscripts`). */
  transcripts?: ResumeTranscripts | undefined;
}

/**
 * A launch built once (`buildTransportLaunch`, with `resume` set, or {@link PENDING_RESUME}) made
 * the launch of a store resume, without building it again: the pending `--resume` becomes the
 * session's id (or goes), and the transcripts loaded ride along as `resumeTranscripts`, data for
 * the transport to take where its CLI resumes them (on this machine: `writeResumeConfigDir`). A
 * CLI resumed from transcripts gets a config directory of the transport's, so `remoteEnv` no
 * longer names the user's `CLAUDE_CONFIG_DIR`. Pure.
 *
 * @example
 * ```ts
 * const launch = buildTransportLaunch({ ...options, resume: PENDING_RESUME });
 * resumedLaunch(launch, { sessionId, transcripts }).args; // [..., `--resume=${sessionId}`, ...]
 * ```
 */
export function resumedLaunch(launch: TransportLaunch, facts: ResumeFacts): TransportLaunch {
  const pending = valueFlag('resume', PENDING_RESUME);
  const { sessionId, transcripts } = facts;
  const args = launch.args.flatMap((arg) =>
    arg !== pending ? [arg] : sessionId === undefined ? [] : [valueFlag('resume', sessionId)],
  );
  if (transcripts === undefined) return { ...launch, args };
  const { CLAUDE_CONFIG_DIR: _userDir, ...remoteEnv } = launch.remoteEnv;
  return { ...launch, args, remoteEnv, resumeTranscripts: transcripts };
}
