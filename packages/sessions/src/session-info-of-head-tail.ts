import type { SDKSessionInfo } from '@hexagent/core';
import type { ArchiveMark } from './archive-mark.js';
import { archivedState } from './archived-state.js';
import { attachmentPromptOfText, firstPromptOfText } from './first-prompt-of-text.js';
import type { HeadTail } from './read-head-tail.js';
import { firstRawField, lastLineField, lastRawField } from './transcript-fields.js';

/** What besides the head and tail decides a session's info. */
export type SessionInfoExtras = {
  /** The project path the transcript was found under, the fallback `cwd`. */
  projectPath?: string;
  /** The title kept in the session's `custom-title.json` sidecar. */
  sidecarTitle?: string;
  /** The archive mark beside the transcript. */
  archive?: ArchiveMark;
};

/**
 * A session's info from the head and tail of its transcript, by the official SDK's rules: the
 * title is the latest custom (then AI) title, the last prompt or summary, then the first prompt;
 * `null` for a sidechain transcript or one with nothing to title it by.
 */
export function sessionInfoOfHeadTail(
  sessionId: string,
  text: HeadTail,
  extras: SessionInfoExtras = {},
): SDKSessionInfo | null {
  const { head, tail } = text;
  const newline = head.indexOf('\n');
  const firstLine = newline >= 0 ? head.slice(0, newline) : head;
  if (firstLine.includes('"isSidechain":true') || firstLine.includes('"isSidechain": true')) return null;
  const customTitle =
    lastLineField(tail, 'customTitle', 'custom-title') ||
    extras.sidecarTitle ||
    lastLineField(head, 'customTitle', 'custom-title') ||
    lastLineField(tail, 'aiTitle', 'ai-title') ||
    lastLineField(head, 'aiTitle', 'ai-title') ||
    undefined;
  const firstPrompt = firstPromptOfText(head) || undefined;
  const summary =
    customTitle ||
    lastLineField(tail, 'lastPrompt') ||
    lastLineField(tail, 'summary') ||
    firstPrompt ||
    attachmentPromptOfText(head);
  if (!summary) return null;
  const created = Date.parse(firstRawField(head, 'timestamp') ?? '');
  const info: SDKSessionInfo = { sessionId, summary, lastModified: text.mtime, fileSize: text.size };
  const gitBranch = lastRawField(tail, 'gitBranch') || firstRawField(head, 'gitBranch');
  const cwd = lastLineField(tail, 'relocatedCwd', 'relocated') || firstRawField(head, 'cwd') || extras.projectPath;
  const tag = lastLineField(tail, 'tag', 'tag');
  const archived = archivedState(extras.archive, text);
  if (customTitle) info.customTitle = customTitle;
  if (firstPrompt) info.firstPrompt = firstPrompt;
  if (gitBranch) info.gitBranch = gitBranch;
  if (cwd) info.cwd = cwd;
  if (tag) info.tag = tag;
  if (!Number.isNaN(created)) info.createdAt = created;
  if (archived !== undefined) info.archived = archived;
  return info;
}
