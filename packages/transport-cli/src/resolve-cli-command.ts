import type { LocalProcessHints } from '@hexagent/core';
import { CliNotFoundError, warnOnce } from '@hexagent/transport-kit';
import { type CliLookupHost, nodeCliLookupHost } from './cli-lookup-host.js';
import { isCliScript } from './find-cli-in-package.js';
import { findOnPath } from './find-on-path.js';
import { runsWithoutShell } from './windows-shim-target.js';

/** Code of the warning for an `executable` that a native CLI ignores. */
export const EXECUTABLE_IGNORED_WARNING_CODE = 'HEXAGENT_EXECUTABLE_IGNORED';

/** What to spawn: an executable and the arguments that come before the CLI's own flags. */
export interface CliCommand {
  /** Absolute path of the program to spawn. */
  file: string;
  /** Arguments before the CLI flags: the runtime's arguments and the script, for a script CLI. */
  args: string[];
}

/**
 * How to run the CLI at `cliPath`, without a shell. A native executable runs as is, and
 * `executable` is ignored (with a warning, once per process: the official SDK ignores it too). A
 * JavaScript build (`.js`, `.mjs`, `.cjs`) runs under `options.executable` (a runtime's name,
 * `node`, `bun` or `deno`, looked up on the `PATH` of `env`, or an absolute path such as
 * `process.execPath`) with `options.executableArgs` before the script; without `executable`, under
 * the runtime running this code. On Windows only an `.exe` or `.com` runs directly: anything else
 * would need a shell.
 *
 * @param host the machine (default this one); a test passes a Windows one.
 * @throws CliNotFoundError when the runtime cannot be found, or (on Windows) `cliPath` is neither a
 * script nor an `.exe`/`.com`.
 */
export function resolveCliCommand(
  cliPath: string,
  options: Pick<LocalProcessHints, 'executable' | 'executableArgs'>,
  env: Readonly<Record<string, string | undefined>> = process.env,
  host: CliLookupHost = nodeCliLookupHost,
): CliCommand {
  const runtime: string | undefined = options.executable || undefined;
  if (!isCliScript(cliPath)) {
    if (host.platform === 'win32' && !runsWithoutShell(cliPath)) {
      throw new CliNotFoundError({
        triedPaths: [cliPath],
        message:
          `The Claude Code CLI at ${JSON.stringify(cliPath)} is not an .exe: Windows would run it only ` +
          'through a shell, and hexagent starts the CLI without one. Use the native claude.exe.',
      });
    }
    if (runtime !== undefined) {
      warnOnce(
        EXECUTABLE_IGNORED_WARNING_CODE,
        `executable ${JSON.stringify(runtime)} is ignored: the Claude Code CLI at ${JSON.stringify(cliPath)} is a ` +
          'native executable, which runs without a JavaScript runtime.',
      );
    }
    return { file: cliPath, args: [] };
  }
  const args = [...(options.executableArgs ?? []), cliPath];
  if (runtime === undefined) return { file: host.execPath, args };
  if (host.path.isAbsolute(runtime)) return { file: runtime, args };

  const tried: string[] = [];
  const found = findOnPath(runtime, env, { host, tried });
  if (found !== undefined) return { file: found, args };
  // Not on PATH, but it is the runtime we are running in: use that one.
  if (runtime === currentRuntime()) return { file: host.execPath, args };
  throw new CliNotFoundError({
    triedPaths: tried,
    message:
      `The Claude Code CLI at ${JSON.stringify(cliPath)} is a script to run with \`${runtime}\`, ` +
      `but \`${runtime}\` was not found on PATH (tried: ${tried.join(', ') || 'an empty PATH'}). ` +
      'Install it, add it to PATH, or choose another `executable`.',
  });
}

function currentRuntime(): 'node' | 'bun' | 'deno' {
  const versions: Record<string, string | undefined> = process.versions;
  if (versions['bun'] !== undefined) return 'bun';
  if (versions['deno'] !== undefined) return 'deno';
  return 'node';
}
