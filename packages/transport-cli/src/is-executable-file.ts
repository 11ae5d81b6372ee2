import { accessSync, constants, statSync } from 'node:fs';

/**
 * True when `path` is a regular file (or a link to one) this process may execute. On Windows,
 * where there is no execute bit, an existing file is enough.
 */
export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** True when `path` is a regular file (or a link to one) this process may read. */
export function isReadableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** True when `path` is a regular file (or a link to one), whatever its permissions. */
export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** True when `path` is a directory (or a link to one). */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
