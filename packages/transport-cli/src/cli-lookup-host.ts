import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path, { type PlatformPath } from 'node:path';
import { isDirectory, isExecutableFile, isFile, isReadableFile } from './is-executable-file.js';

/**
 * What the CLI lookup reads of the machine: the platform, its path rules and its files. The
 * lookup ({@link findClaudeCli}, `findOnPath`, `resolveCliCommand`) touches nothing else, so a test
 * can run it for Windows on Linux with `node:path`'s `win32` and an in-memory file system.
 */
export interface CliLookupHost {
  /** The platform whose rules apply: on `win32`, `PATHEXT`, no extensionless names, no shims run. */
  readonly platform: NodeJS.Platform;
  /** The CPU architecture, for the platform package's name (`x64`, `arm64`). */
  readonly arch: string;
  /** The path functions of that platform (`node:path`'s `win32` or `posix`). */
  readonly path: PlatformPath;
  /** The runtime running this code, which runs a JavaScript CLI when no `executable` is given. */
  readonly execPath: string;
  /** The current user's home directory, when the environment names none. */
  homedir(): string;
  /** Linux with musl libc (Alpine), which has its own platform packages. */
  isMusl(): boolean;
  /** A regular file (or a link to one) this process may execute; on Windows, one that exists. */
  isExecutableFile(file: string): boolean;
  /** A regular file (or a link to one) this process may read. */
  isReadableFile(file: string): boolean;
  /** A regular file (or a link to one), whether or not this process may run or read it. */
  isFile(file: string): boolean;
  /** A directory (or a link to one). */
  isDirectory(dir: string): boolean;
  /** The first `maxBytes` bytes of a file and its size, or `undefined` when it cannot be read. */
  readStart(file: string, maxBytes: number): { bytes: Uint8Array; size: number } | undefined;
  /** The path with every link resolved, or the path itself when that fails. */
  realpath(file: string): string;
}

let muslCache: boolean | undefined;

/** Linux with musl libc (Alpine): Node's report has no glibc version there. */
function isMusl(): boolean {
  if (muslCache === undefined) {
    try {
      const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
      muslCache = report !== undefined && report.header?.glibcVersionRuntime === undefined;
    } catch {
      muslCache = false;
    }
  }
  return muslCache;
}

function readStart(file: string, maxBytes: number): { bytes: Uint8Array; size: number } | undefined {
  try {
    const size = statSync(file).size;
    const bytes = Buffer.alloc(Math.min(maxBytes, size));
    const fd = openSync(file, 'r');
    try {
      const length = readSync(fd, bytes, 0, bytes.length, 0);
      return { bytes: bytes.subarray(0, length), size };
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

function realpath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** This machine, as Node sees it: the default {@link CliLookupHost}. */
export const nodeCliLookupHost: CliLookupHost = {
  get platform() {
    return process.platform;
  },
  get arch() {
    return process.arch;
  },
  path,
  get execPath() {
    return process.execPath;
  },
  homedir,
  isMusl,
  isExecutableFile,
  isReadableFile,
  isFile,
  isDirectory,
  readStart,
  realpath,
};
