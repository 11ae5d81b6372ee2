import { CliNotFoundError } from '@hexagent/transport-kit';
import type { CliLookupHost } from './cli-lookup-host.js';
import { CLAUDE_CODE_PACKAGE, type CliPackageWithoutBinary } from './find-cli-in-package.js';

/** What a lookup that found nothing usable saw. */
export interface CliLookupMiss {
  host: CliLookupHost;
  /** Every path checked, in order (duplicates allowed). */
  tried: readonly string[];
  /** The first `@anthropic-ai/claude-code` found without its native binary. */
  withoutBinary?: CliPackageWithoutBinary | undefined;
  /** Windows shims passed over (they name no `.exe` and need a shell). */
  shims?: readonly string[];
  /** Files named `claude` found without an execute permission. */
  notExecutable?: readonly string[];
  /** The shims are `pathToClaudeCodeExecutable` itself. */
  explicit?: boolean;
}

/**
 * The error for a lookup that found nothing usable: what is wrong and the fix first, then the paths
 * looked at. `triedPaths` keeps every path checked; the message lists only those that could have
 * held the CLI (their directory exists), so a `PATH` entry for a folder that is not there is not
 * named as if it had been a candidate.
 */
export function cliNotFound(miss: CliLookupMiss): CliNotFoundError {
  const { host } = miss;
  const triedPaths = [...new Set(miss.tried)];
  const possible = triedPaths.filter((path) => host.isDirectory(host.path.dirname(path)));
  const looked = possible.length > 0 ? `Looked at: ${possible.join(', ')}.` : '';
  if (miss.withoutBinary !== undefined) {
    const { packageDir, version, platformPackage } = miss.withoutBinary;
    const at = version === undefined ? '' : `@${version}`;
    return new CliNotFoundError({
      triedPaths,
      missingPlatformPackage: platformPackage,
      message:
        `Claude Code CLI not found: ${CLAUDE_CODE_PACKAGE}${at} is installed at ${packageDir}, but without its ` +
        `native binary: the platform package ${platformPackage} is missing (an install with --omit=optional ` +
        'or --no-optional, a failed download, or a lockfile made on another platform). Reinstall without ' +
        `--omit=optional, or add the package: \`npm install ${platformPackage}${at}\`; or set ` +
        `\`pathToClaudeCodeExecutable\` to a Claude Code binary.${looked && ` ${looked}`}`,
    });
  }
  const shims = miss.shims ?? [];
  if (shims.length > 0) {
    const what = miss.explicit === true ? '`pathToClaudeCodeExecutable` is' : 'found';
    return new CliNotFoundError({
      triedPaths,
      message:
        `Claude Code CLI not found: ${what} ${shims.join(', ')}, a script Windows runs only through a shell ` +
        '(cmd.exe or PowerShell), and it names no claude.exe; hexagent starts the CLI without a shell. Set ' +
        '`pathToClaudeCodeExecutable` to the native claude.exe (npm puts it in ' +
        'node_modules\\@anthropic-ai\\claude-code\\bin, the native installer in %USERPROFILE%\\.local\\bin), or ' +
        `install the CLI with \`npm install @anthropic-ai/claude-code\`.${looked && ` ${looked}`}`,
    });
  }
  const notExecutable = [...new Set(miss.notExecutable ?? [])];
  const first = notExecutable[0];
  if (first !== undefined) {
    const files = notExecutable.join(', ');
    return new CliNotFoundError({
      triedPaths,
      message:
        `Claude Code CLI not found: ${files} ${notExecutable.length === 1 ? 'is a file' : 'are files'} named ` +
        `claude without execute permission, so ${notExecutable.length === 1 ? 'it was' : 'they were'} passed over. ` +
        `Make the one you mean executable (\`chmod +x ${first}\`), install the CLI with ` +
        `\`npm install @anthropic-ai/claude-code\`, or set \`pathToClaudeCodeExecutable\` to the CLI's path.${looked && ` ${looked}`}`,
    });
  }
  return new CliNotFoundError({ triedPaths, lookedAt: possible });
}
