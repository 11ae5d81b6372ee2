import type { CliLookupHost } from './cli-lookup-host.js';

/** Shims are a few hundred bytes; anything this large is not one. */
const MAX_SHIM_BYTES = 16 * 1024;

/**
 * The `.exe` a package manager's shim runs, as it writes it relative to the shim's own folder: npm's
 * and pnpm's cmd-shim put `"%dp0%\…\x.exe"` or `"%~dp0\…\x.exe"` in the `.cmd`, and
 * `"$basedir/…/x.exe"` in the `.ps1` and in the extensionless `sh` script.
 */
const SHIM_TARGET = /"(?:%~dp0|%dp0%|\$basedir)[\\/]*([^"%$]+?\.exe)"/gi;

/** Windows runs these directly; every other file needs a shell or an interpreter. */
const DIRECTLY_RUNNABLE = /\.(?:exe|com)$/i;

/** True when Windows can start `file` without a shell (an `.exe` or `.com`). */
export function runsWithoutShell(file: string): boolean {
  return DIRECTLY_RUNNABLE.test(file);
}

/**
 * The native executable behind a Windows shim (`claude.cmd`, `claude.ps1`, or the extensionless
 * `claude` script npm writes beside them), so that it can be run without a shell: the first `.exe`
 * the shim names that exists. `undefined` when the shim names none (a user's own batch file, or a
 * shim for a JavaScript file, which needs `node`).
 *
 * @example
 * ```ts
 * windowsShimTarget('C:\\Users\\me\\AppData\\Roaming\\npm\\claude.cmd', host);
 * // 'C:\\Users\\me\\AppData\\Roaming\\npm\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe'
 * ```
 */
export function windowsShimTarget(shim: string, host: CliLookupHost): string | undefined {
  const start = host.readStart(shim, MAX_SHIM_BYTES);
  if (start === undefined || start.size > MAX_SHIM_BYTES) return undefined;
  const text = new TextDecoder().decode(start.bytes);
  const dir = host.path.dirname(shim);
  for (const match of text.matchAll(SHIM_TARGET)) {
    const relative = match[1];
    if (relative === undefined) continue;
    const target = host.path.resolve(dir, relative.replace(/[\\/]+/g, host.path.sep));
    if (host.isExecutableFile(target)) return target;
  }
  return undefined;
}
