import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MAX_SANITIZED_LENGTH,
  projectDirName,
  projectDirNameOverride,
  projectsDir,
  sanitizePath,
} from './projects-dir.js';
import { readHeadTail } from './read-head-tail.js';
import { firstLineField, lastLineField } from './transcript-fields.js';

/**
 * The transcript folders of the project at `path` (already canonical) that exist: its exact
 * folder, and for a path past 200 characters the hash-suffixed folders whose transcripts were
 * written from that very path (their prefixes collide).
 */
export async function projectDirsFor(path: string, root = projectsDir()): Promise<string[]> {
  const dirs: string[] = [];
  const hashed = projectDirName(path);
  const exact = join(root, projectDirNameOverride() ?? hashed);
  if (await isDir(exact)) dirs.push(exact);
  if (projectDirNameOverride() !== undefined) {
    if (hashed !== projectDirNameOverride() && (await isDir(join(root, hashed)))) dirs.push(join(root, hashed));
    return dirs;
  }
  if (hashed.length <= MAX_SANITIZED_LENGTH) return dirs;
  const prefix = `${hashed.slice(0, MAX_SANITIZED_LENGTH)}-`;
  for (const name of await subdirectories(root)) {
    const dir = join(root, name);
    if (name.startsWith(prefix) && dir !== exact && (await holdsTranscriptOf(dir, path))) dirs.push(dir);
  }
  return dirs;
}

/** The names of the folders in `root` (every project folder when `root` is the projects dir). */
export async function subdirectories(root = projectsDir()): Promise<string[]> {
  try {
    const entries = await readdir(root, { withFileTypes: true });
    return entries.filter((e) => e.isDirectory() || e.isSymbolicLink()).map((e) => e.name);
  } catch {
    return [];
  }
}

/** True when some transcript in `dir` was written with `path` as its working directory. */
export async function holdsTranscriptOf(dir: string, path: string): Promise<boolean> {
  const wanted = sanitizePath(path);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return false;
  }
  for (const name of names) {
    if (!name.endsWith('.jsonl')) continue;
    const text = await readHeadTail(join(dir, name));
    if (text === null) continue;
    const cwd = lastLineField(text.tail, 'relocatedCwd', 'relocated') ?? firstLineField(text.head, 'cwd');
    if (cwd !== undefined && sanitizePath(cwd) === wanted) return true;
  }
  return false;
}

async function isDir(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
