import type { RelayTranscriptFile } from '@hexagent/transport-kit';
import type { HelloRefusal } from './hello-refusal.js';

/** A path part the relay writes: a project key, a session id, `subagents`, `agent-<id>.jsonl`... */
const PART = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks the transcripts of a session a client resumes (`hello.resume`) before the relay writes
 * them: a list of `{path, content}` strings, every path `/`-separated parts of letters, digits,
 * `.`, `_` and `-` (never `.`, `..` or a leading dot: nothing leaves the directory), all of one
 * session: `<projectKey>/<sessionId>.jsonl` and files below `<projectKey>/<sessionId>/` ending in
 * `.jsonl` or `.meta.json`, the main transcript included. `projectKey` must be the CLI's project
 * directory for its working directory here, or the CLI would not find the session: the refusal says
 * to give the query the `cwd` the relay runs it in.
 */
export function checkResume(resume: unknown, projectKey: string): RelayTranscriptFile[] | HelloRefusal {
  const bad = (message: string): HelloRefusal => ({ reason: 'bad_hello', message: `resume: ${message}` });
  const files = (resume as { files?: unknown } | null)?.files;
  if (typeof resume !== 'object' || resume === null || !Array.isArray(files)) return bad('must be { files: [...] }');
  let sessionId: string | undefined;
  let hasMain = false;
  for (const file of files as unknown[]) {
    const { path, content } = (file ?? {}) as { path?: unknown; content?: unknown };
    if (typeof path !== 'string' || typeof content !== 'string')
      return bad('each file must be { path, content } strings');
    const parts = path.split('/');
    if (parts.length < 2 || !parts.every((part) => PART.test(part))) {
      return bad(`${JSON.stringify(path)} is not a transcript path`);
    }
    const [project, second = ''] = parts;
    if (project !== projectKey) {
      return bad(
        `the session's transcripts are for project ${project}, but the CLI runs in project ${projectKey}: ` +
          'give the query the cwd the relay runs it in (options.cwd), so both sides use the same project',
      );
    }
    const main = parts.length === 2;
    const id = main ? second.replace(/\.jsonl$/, '') : second;
    if (!UUID.test(id) || (main && !second.endsWith('.jsonl')) || (!main && !/\.(?:jsonl|meta\.json)$/.test(path))) {
      return bad(`${JSON.stringify(path)} is not a transcript path`);
    }
    if (sessionId !== undefined && id !== sessionId) return bad('the files must all be of one session');
    sessionId = id;
    hasMain ||= main;
  }
  if (!hasMain) return bad("the session's main transcript (<projectKey>/<sessionId>.jsonl) is missing");
  return files as RelayTranscriptFile[];
}
