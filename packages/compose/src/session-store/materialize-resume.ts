import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ResumeTranscriptFile, ResumeTranscripts, SessionStore, SessionStoreEntry } from '@hexagent/core';
import { type CliEnv, cliConfigDir } from './cli-config-dir.js';
import { withLoadTimeout } from './with-load-timeout.js';

/** What {@link materializeResume} loads and where from. */
export interface MaterializeResumeOptions {
  store: SessionStore;
  sessionId: string;
  projectKey: string;
  /** The CLI's environment, for the config files copied into the temporary config dir. */
  env: CliEnv;
  /** Bound on each `load()` / `listSubkeys()` call. */
  loadTimeoutMs: number;
}

/** What {@link materializeResume} made: the directory, and the transcripts it wrote there. */
export interface MaterializedResume {
  /** The temporary config directory (`CLAUDE_CONFIG_DIR` of a CLI on this machine). */
  configDir: string;
  /** The files written under its `projects/`, by path there, sorted: the launch's `resumeTranscripts`. */
  transcripts: ResumeTranscripts;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Config files the CLI needs in the temporary config dir (credentials, onboarding state, settings). */
const CONFIG_FILES = ['.credentials.json', '.config.json', 'settings.json'];

/**
 * Writes a session from `store` where the CLI resumes it: a new private directory
 * `<tmpdir>/claude-resume-<uuid>` used as `CLAUDE_CONFIG_DIR`, holding
 * `projects/<projectKey>/<sessionId>.jsonl`, each sub-agent transcript `listSubkeys` names (its
 * `agent_metadata` entry as `<subpath>.meta.json`) and copies of the CLI's config files, as the
 * official SDK does. Resolves with the directory and the transcripts written there (so a transport
 * whose CLI runs elsewhere never reads them back), or `undefined` when the id is not a UUID or the
 * store has no entries for it (the CLI then resumes, or refuses, from its own config dir).
 *
 * @throws SessionStoreLoadError when a store call rejects or outlives `loadTimeoutMs`; the
 * directory is then removed.
 */
export async function materializeResume(options: MaterializeResumeOptions): Promise<MaterializedResume | undefined> {
  const { store, sessionId, projectKey, env, loadTimeoutMs } = options;
  if (!UUID_PATTERN.test(sessionId)) return undefined;
  const main = await withLoadTimeout(() => store.load({ projectKey, sessionId }), {
    operation: 'load',
    timeoutMs: loadTimeoutMs,
    sessionId,
  });
  if (main === null || main.length === 0) return undefined;
  const configDir = await mkdtemp(join(tmpdir(), 'claude-resume-'));
  try {
    const projects = join(configDir, 'projects');
    const projectDir = join(projects, projectKey);
    const files: ResumeTranscriptFile[] = [];
    const write = async (file: string, content: string): Promise<void> => {
      await writeFile(file, content, { mode: 0o600 });
      files.push({ path: relative(projects, file).split(sep).join('/'), content });
    };
    await mkdir(projectDir, { recursive: true, mode: 0o700 });
    await write(join(projectDir, `${sessionId}.jsonl`), jsonl(main));
    await copyConfigFiles(env, configDir);
    if (store.listSubkeys !== undefined) {
      await materializeSubagents(options, join(projectDir, sessionId), write);
    }
    // The order readResumeTranscripts gives: the main transcript before its sub-agents.
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { configDir, transcripts: { files } };
  } catch (error) {
    await removeResumeDir(configDir);
    throw error;
  }
}

/** Removes a directory {@link materializeResume} made, retrying briefly on a busy file system. */
export async function removeResumeDir(dir: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await rm(dir, { recursive: true, force: true });
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (attempt >= 4 || !['EBUSY', 'EMFILE', 'ENFILE', 'ENOTEMPTY', 'EPERM'].includes(code)) return;
      await new Promise((done) => setTimeout(done, (attempt + 1) * 100));
    }
  }
}

async function materializeSubagents(
  options: MaterializeResumeOptions,
  sessionDir: string,
  write: (file: string, content: string) => Promise<void>,
): Promise<void> {
  const { store, sessionId, projectKey, loadTimeoutMs } = options;
  const subpaths = await withLoadTimeout(() => store.listSubkeys?.({ projectKey, sessionId }) ?? Promise.resolve([]), {
    operation: 'listSubkeys',
    timeoutMs: loadTimeoutMs,
    sessionId,
  });
  for (const subpath of subpaths) {
    const file = resolve(sessionDir, `${subpath}.jsonl`);
    // A store's subpath never leaves the session's directory.
    if (
      subpath === '' ||
      isAbsolute(subpath) ||
      subpath.split(/[\\/]/).includes('..') ||
      !file.startsWith(sessionDir + sep)
    ) {
      continue;
    }
    const entries = await withLoadTimeout(() => store.load({ projectKey, sessionId, subpath }), {
      operation: 'load',
      timeoutMs: loadTimeoutMs,
      sessionId,
      detail: ` subpath ${subpath}`,
    });
    if (entries === null || entries.length === 0) continue;
    const metadata = entries.filter((entry) => entry.type === 'agent_metadata');
    const lines = entries.filter((entry) => entry.type !== 'agent_metadata');
    if (lines.length > 0) {
      await mkdir(dirname(file), { recursive: true });
      await write(file, jsonl(lines));
    }
    const last = metadata.at(-1);
    if (last !== undefined) {
      const { type: _type, ...rest } = last;
      await mkdir(dirname(file), { recursive: true });
      await write(resolve(sessionDir, `${subpath}.meta.json`), JSON.stringify(rest));
    }
  }
}

function jsonl(entries: SessionStoreEntry[]): string {
  return `${entries.map((entry) => JSON.stringify(entry)).join('\n')}\n`;
}

/** Copies what the CLI reads from its config dir (and `.claude.json`) so it starts as it would at home. */
async function copyConfigFiles(env: CliEnv, configDir: string): Promise<void> {
  const from = cliConfigDir(env);
  const globalConfig = join(env.CLAUDE_CONFIG_DIR ?? homedir(), '.claude.json');
  const copies = [[globalConfig, join(configDir, '.claude.json')] as const];
  for (const name of CONFIG_FILES) copies.push([join(from, name), join(configDir, name)] as const);
  await Promise.all(copies.map(([source, target]) => copyFile(source, target).catch(() => {})));
}
