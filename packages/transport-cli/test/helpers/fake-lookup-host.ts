/** An in-memory machine for the CLI lookup: Windows (or POSIX) paths, files and links, no disk. */
import { posix, win32 } from 'node:path';
import type { CliLookupHost } from '../../src/cli-lookup-host.js';

/** A file of the fake machine: its text, and (POSIX only) whether it has an execute bit. */
export type FakeFile = string | { content: string | Uint8Array; executable?: boolean };

/** What the fake machine holds. */
export interface FakeMachine {
  platform: NodeJS.Platform;
  arch?: string;
  /** Files by absolute path. On Windows paths match in any letter case and with either slash. */
  files: Record<string, FakeFile>;
  /** Symbolic links: path -> target (absolute). */
  links?: Record<string, string>;
  home?: string;
  execPath?: string;
  musl?: boolean;
}

/** Bytes that read as a native binary (not text), as a platform package's `claude.exe` does. */
export const NATIVE_BINARY = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04]);

/**
 * A {@link CliLookupHost} over `machine`. On `win32` every existing file counts as executable (there
 * is no execute bit), as on Windows.
 */
export function fakeLookupHost(machine: FakeMachine): CliLookupHost {
  const windows = machine.platform === 'win32';
  const path = windows ? win32 : posix;
  const key = (file: string) => (windows ? path.normalize(file).toLowerCase() : path.normalize(file));
  const files = new Map(Object.entries(machine.files).map(([file, entry]) => [key(file), entry]));
  const links = new Map(Object.entries(machine.links ?? {}).map(([from, to]) => [key(from), to]));
  const realpath = (file: string): string => {
    let resolved = path.normalize(file);
    for (let hops = 0; hops < 32; hops++) {
      // Resolve the longest linked prefix of the path.
      const parts = resolved.split(path.sep);
      let changed = false;
      for (let end = parts.length; end > 0; end--) {
        const target = links.get(key(parts.slice(0, end).join(path.sep)));
        if (target === undefined) continue;
        resolved = path.join(
          path.resolve(path.dirname(parts.slice(0, end).join(path.sep)), target),
          ...parts.slice(end),
        );
        changed = true;
        break;
      }
      if (!changed) return resolved;
    }
    return resolved;
  };
  const fileAt = (file: string): FakeFile | undefined => files.get(key(realpath(file)));
  const bytesOf = (entry: FakeFile): Uint8Array => {
    const content = typeof entry === 'string' ? entry : entry.content;
    return typeof content === 'string' ? new TextEncoder().encode(content) : content;
  };
  return {
    platform: machine.platform,
    arch: machine.arch ?? 'x64',
    path,
    execPath: machine.execPath ?? (windows ? 'C:\\Program Files\\nodejs\\node.exe' : '/usr/bin/node'),
    homedir: () => machine.home ?? (windows ? 'C:\\Users\\me' : '/home/me'),
    isMusl: () => machine.musl ?? false,
    isExecutableFile(file) {
      const entry = fileAt(file);
      if (entry === undefined) return false;
      return windows || typeof entry === 'string' || entry.executable !== false;
    },
    isReadableFile: (file) => fileAt(file) !== undefined,
    isFile: (file) => fileAt(file) !== undefined,
    isDirectory(dir) {
      const prefix = key(realpath(dir)).replace(/[\\/]*$/, path.sep);
      return [...files.keys()].some((file) => file.startsWith(prefix));
    },
    readStart(file, maxBytes) {
      const entry = fileAt(file);
      if (entry === undefined) return undefined;
      const bytes = bytesOf(entry);
      return { bytes: bytes.subarray(0, maxBytes), size: bytes.length };
    },
    realpath,
  };
}
