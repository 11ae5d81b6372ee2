import { delimiter, isAbsolute, join } from 'node:path';
import { isExecutableFile } from './is-executable-file.js';

/**
 * Where `command` would be found on `PATH`, searched the way a shell would (first match wins),
 * but without running one. On Windows each `PATHEXT` extension is tried too. Relative and empty
 * `PATH` entries are skipped: they depend on the working directory, which is not a safe place to
 * pick up an executable from.
 *
 * @param tried receives every candidate path checked, in order, for error reports.
 * @returns the executable's path, or `undefined`.
 */
export function findOnPath(
  command: string,
  env: Readonly<Record<string, string | undefined>>,
  tried: string[] = [],
): string | undefined {
  const path = env['PATH'] ?? env['Path'] ?? '';
  const extensions =
    process.platform === 'win32' ? ['', ...(env['PATHEXT'] ?? '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean)] : [''];
  for (const dir of path.split(delimiter)) {
    if (dir === '' || !isAbsolute(dir)) continue;
    for (const extension of extensions) {
      const candidate = join(dir, command + extension);
      tried.push(candidate);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}
