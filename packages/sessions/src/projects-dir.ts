import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Longest sanitized project-dir name the CLI keeps whole; longer ones get a hash suffix. */
export const MAX_SANITIZED_LENGTH = 200;

/** The CLI's config home: `CLAUDE_CONFIG_DIR`, else `~/.claude`. */
export function claudeConfigHome(): string {
  return (process.env.CLAUDE_CONFIG_DIR ?? join(homedir(), '.claude')).normalize('NFC');
}

/** Where the CLI keeps one folder of transcripts per project: `<config home>/projects`. */
export function projectsDir(): string {
  return join(claudeConfigHome(), 'projects');
}

/** Every character but ASCII letters and digits becomes `-`, as the CLI names project folders. */
export function sanitizePath(path: string): string {
  return path.replace(/[^a-zA-Z0-9]/g, '-');
}

/**
 * The folder name the CLI gives the project at `path`: the sanitized path, or, past 200
 * characters, its first 200 characters, `-` and a base-36 hash of the whole path (so two long
 * paths sharing a prefix do not collide).
 */
export function projectDirName(path: string): string {
  const sanitized = sanitizePath(path);
  if (sanitized.length <= MAX_SANITIZED_LENGTH) return sanitized;
  return `${sanitized.slice(0, MAX_SANITIZED_LENGTH)}-${Math.abs(javaStringHash(path)).toString(36)}`;
}

/**
 * The project key of `dir` (the folder name under `projects/`), honouring the CLI's
 * `CLAUDE_CODE_PROJECT_DIR_NAME` override when a config dir is set.
 */
export function projectKeyOf(dir: string): string {
  return projectDirNameOverride() ?? projectDirName(canonicalDir(dir));
}

/** `dir` resolved, with symlinks followed where it exists (NFC on macOS), as the CLI records cwd. */
export function canonicalDir(dir: string | undefined): string {
  const absolute = resolve(dir ?? '.');
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch {
    real = absolute;
  }
  return process.platform === 'darwin' ? real.normalize('NFC') : real;
}

/** The CLI's `CLAUDE_CODE_PROJECT_DIR_NAME`, when valid and a config dir is set. */
export function projectDirNameOverride(): string | undefined {
  const name = process.env.CLAUDE_CODE_PROJECT_DIR_NAME;
  if (!process.env.CLAUDE_CONFIG_DIR || !name) return undefined;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name) || /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/i.test(name)) return undefined;
  return name;
}

/** Java's `String.hashCode` over UTF-16 code units, 32-bit signed. */
function javaStringHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) - hash + text.charCodeAt(i)) | 0;
  return hash;
}
