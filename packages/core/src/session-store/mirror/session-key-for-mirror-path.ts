import type { SessionKey } from '../../types/session-store/session-store.js';

/**
 * The {@link SessionKey} of a transcript file the CLI mirrored, from its path under the CLI's
 * `projects` directory (`<CLAUDE_CONFIG_DIR>/projects`), as the official SDK maps it:
 * `<projectKey>/<sessionId>.jsonl` is a main transcript; `<projectKey>/<sessionId>/<a>/<b>.jsonl`
 * (four parts or more) is a sub-agent transcript with `subpath` `a/b` (`.jsonl` dropped), e.g.
 * `subagents/agent-<id>`. Anything else (a path outside `projectsDir`, three parts, no `.jsonl`)
 * has no key: `undefined`. Both `/` and `\` separate parts, so Windows paths map too.
 *
 * @example
 * ```ts
 * sessionKeyForMirrorPath('/c/projects/-work-app/1234.jsonl', '/c/projects');
 * // { projectKey: '-work-app', sessionId: '1234' }
 * ```
 */
export function sessionKeyForMirrorPath(filePath: string, projectsDir: string): SessionKey | undefined {
  const root = projectsDir.replace(/[\\/]+$/, '');
  if (!filePath.startsWith(root) || !/^[\\/]/.test(filePath.slice(root.length))) return undefined;
  const parts = filePath
    .slice(root.length)
    .split(/[\\/]/)
    .filter((part) => part !== '' && part !== '.');
  if (parts.includes('..') || parts.length < 2) return undefined;
  const [projectKey, second] = parts as [string, string];
  if (parts.length === 2) {
    return second.endsWith('.jsonl') ? { projectKey, sessionId: second.slice(0, -'.jsonl'.length) } : undefined;
  }
  if (parts.length < 4) return undefined;
  const subpath = parts
    .slice(2)
    .join('/')
    .replace(/\.jsonl$/, '');
  return { projectKey, sessionId: second, subpath };
}
