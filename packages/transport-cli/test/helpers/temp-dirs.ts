/** Temporary directories and files of the tests, removed together after each file. */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const tempDirs: string[] = [];

/** A fresh temporary directory, removed by {@link removeTempDirs}. */
export function makeTempDir(prefix = 'hexagent-transport-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Remove every directory {@link makeTempDir} made. */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Write an executable file with the given content. */
export function writeExecutable(path: string, content: string, mode = 0o755): string {
  writeFileSync(path, content);
  chmodSync(path, mode);
  return path;
}
