import type { SDKSessionInfo } from '@hexagent/core';
import { readArchiveMark } from './archive-mark.js';
import { continuedElsewhere } from './continued-elsewhere.js';
import { readHeadTail } from './read-head-tail.js';
import { type SessionInfoExtras, sessionInfoOfHeadTail } from './session-info-of-head-tail.js';
import { readTitleSidecar } from './title-sidecar.js';
import { firstRawField, lastLineField, lastRawField } from './transcript-fields.js';

const PROGRAMMATIC_ENTRYPOINTS = new Set(['sdk-cli', 'sdk-ts', 'sdk-py']);

/** How to read one transcript's info. */
export type ReadSessionInfoOptions = {
  /** The project path it was found for, the fallback `cwd`. */
  projectPath?: string | undefined;
  /** Leave out SDK and daemon sessions (`includeProgrammatic: false`). */
  skipProgrammatic?: boolean;
  /** Leave out a session that continued in another one which holds messages (listing does). */
  skipContinued?: boolean;
};

/**
 * One session's info from its transcript's head and tail (bounded reads), its title sidecar and
 * its archive mark; `null` when the file is gone, a sidechain, untitled or filtered out.
 */
export async function readSessionInfo(
  filePath: string,
  sessionId: string,
  options: ReadSessionInfoOptions = {},
): Promise<SDKSessionInfo | null> {
  const text = await readHeadTail(filePath);
  if (text === null) return null;
  if (options.skipProgrammatic === true && isProgrammatic(text.head, text.tail)) return null;
  if (options.skipContinued === true && (await continuedElsewhere(filePath, text.tail))) return null;
  const [sidecarTitle, archive] = await Promise.all([
    lastLineField(text.tail, 'customTitle', 'custom-title') === undefined
      ? readTitleSidecar(filePath, sessionId)
      : undefined,
    readArchiveMark(filePath, sessionId),
  ]);
  const extras: SessionInfoExtras = {};
  if (options.projectPath !== undefined) extras.projectPath = options.projectPath;
  if (sidecarTitle !== undefined) extras.sidecarTitle = sidecarTitle;
  if (archive !== undefined) extras.archive = archive;
  return sessionInfoOfHeadTail(sessionId, text, extras);
}

/** An SDK (`sdk-*` entrypoint) or daemon session, which IDE pickers leave out. */
function isProgrammatic(head: string, tail: string): boolean {
  const entrypoint = firstRawField(head, 'entrypoint') ?? lastRawField(tail, 'entrypoint');
  if (entrypoint !== undefined && PROGRAMMATIC_ENTRYPOINTS.has(entrypoint)) return true;
  const line = head.split('\n').find((l) => l.includes('"parentUuid":')) ?? head;
  const kind = firstRawField(line, 'sessionKind');
  return kind === 'daemon' || kind === 'daemon-worker';
}
