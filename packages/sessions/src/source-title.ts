import { firstPromptOfText } from './first-prompt-of-text.js';
import type { HeadTail } from './read-head-tail.js';
import { lastLineField } from './transcript-fields.js';

/** The title a fork is named after: the latest custom title (sidecar included), AI title, or first prompt. */
export function sourceTitleOfHeadTail(text: HeadTail, sidecarTitle: string | undefined): string | undefined {
  const custom =
    lastLineField(text.tail, 'customTitle', 'custom-title') ??
    sidecarTitle ??
    lastLineField(text.head, 'customTitle', 'custom-title');
  return (
    custom ||
    lastLineField(text.tail, 'aiTitle', 'ai-title') ||
    lastLineField(text.head, 'aiTitle', 'ai-title') ||
    firstPromptOfText(text.head) ||
    undefined
  );
}
