import { type CliLookupHost, nodeCliLookupHost } from './cli-lookup-host.js';
import { envValue } from './env-value.js';
import { runsWithoutShell, windowsShimTarget } from './windows-shim-target.js';

/** Windows' own default, in its order, for an environment without `PATHEXT`. */
const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD;.VBS;.VBE;.JS;.JSE;.WSF;.WSH;.MSC';

/** How {@link findOnPath} searches, and what it saw on the way. */
export interface PathSearch {
  /** The machine; default this one. */
  host?: CliLookupHost;
  /** Receives every candidate path checked, in order, for error reports. */
  tried?: string[];
  /**
   * Receives the Windows shims found (`.cmd`, `.bat`, `.ps1`, ...) that name no native executable:
   * they would need a shell, and hexagent never starts one.
   */
  shims?: string[];
  /** Receives the files found with the name that this process may not execute (no execute bit). */
  notExecutable?: string[];
  /**
   * Decides about an executable found: the path to use (itself, or another it stands for), or
   * `undefined` to go on searching. Default: use it.
   */
  accept?: (file: string) => string | undefined;
}

/**
 * Where `command` would be found on the `PATH` of `env`, searched the way the platform's shell
 * would (first directory first), without running one. Relative and empty `PATH` entries are skipped:
 * they depend on the working directory, which is not a safe place to pick up an executable from.
 *
 * On Windows the names tried are `command` with each `PATHEXT` extension, in `PATHEXT`'s order
 * (never the extensionless name, which Windows does not run), variable names in any letter case.
 * An `.exe` or `.com` is used as found; any other match (npm's `claude.cmd`, `claude.ps1`) is a shim
 * that needs a shell, so the native `.exe` it runs is used instead, or, when it names none, it is
 * recorded in `search.shims` and the search goes on.
 *
 * @returns the executable's path, or `undefined`.
 */
export function findOnPath(
  command: string,
  env: Readonly<Record<string, string | undefined>>,
  search: PathSearch = {},
): string | undefined {
  const host = search.host ?? nodeCliLookupHost;
  const windows = host.platform === 'win32';
  const names = windows ? windowsNames(command, envValue(env, 'PATHEXT', host.platform)) : [command];
  const pathValue = envValue(env, 'PATH', host.platform) ?? '';
  for (const entry of pathValue.split(host.path.delimiter)) {
    const dir = windows ? entry.trim().replace(/^"(.*)"$/, '$1') : entry;
    if (dir === '' || !host.path.isAbsolute(dir)) continue;
    for (const name of names) {
      const candidate = host.path.join(dir, name);
      search.tried?.push(candidate);
      if (!host.isExecutableFile(candidate)) {
        if (host.isFile(candidate)) search.notExecutable?.push(candidate);
        continue;
      }
      const runnable = !windows || runsWithoutShell(candidate) ? candidate : windowsShimTarget(candidate, host);
      if (runnable === undefined) {
        search.shims?.push(candidate);
        continue;
      }
      const accepted = search.accept === undefined ? runnable : search.accept(runnable);
      if (accepted !== undefined) return accepted;
    }
  }
  return undefined;
}

/** The file names Windows tries for `command`: as given when it has a `PATHEXT` extension, else with each. */
function windowsNames(command: string, pathext: string | undefined): string[] {
  const extensions = (pathext ?? DEFAULT_PATHEXT)
    .split(';')
    .map((extension) => extension.trim().toLowerCase())
    .filter((extension) => extension.startsWith('.') && extension.length > 1);
  const lower = command.toLowerCase();
  if (extensions.some((extension) => lower.endsWith(extension))) return [command];
  return [...new Set(extensions)].map((extension) => command + extension);
}
