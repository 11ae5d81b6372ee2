import type { SDKSessionInfo, SessionSummaryEntry } from '@hexagent/core';

/** A session's info from the summary a store folded (`foldSessionSummary`); `null` for a sidechain or an untitled one. */
export function sessionInfoOfSummary(
  summary: SessionSummaryEntry,
  projectPath: string | undefined,
): SDKSessionInfo | null {
  const data = summary.data;
  if (data.isSidechain === true) return null;
  const firstPrompt = text(data.firstPromptLocked === true ? data.firstPrompt : data.commandFallback) || undefined;
  const customTitle = text(data.customTitle) || text(data.aiTitle) || undefined;
  const title = customTitle || text(data.lastPrompt) || text(data.summaryHint) || firstPrompt;
  if (!title) return null;
  const info: SDKSessionInfo = { sessionId: summary.sessionId, summary: title, lastModified: summary.mtime };
  const gitBranch = text(data.gitBranch);
  const cwd = text(data.cwd) || projectPath;
  const tag = text(data.tag);
  if (customTitle) info.customTitle = customTitle;
  if (firstPrompt) info.firstPrompt = firstPrompt;
  if (gitBranch) info.gitBranch = gitBranch;
  if (cwd) info.cwd = cwd;
  if (tag) info.tag = tag;
  if (typeof data.createdAt === 'number') info.createdAt = data.createdAt;
  return info;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
