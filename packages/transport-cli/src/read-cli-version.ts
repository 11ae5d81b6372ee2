import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { checkCliVersion, isCliVersion } from '@hexagent/transport-kit';
import { CLAUDE_CODE_PACKAGE } from './find-cli-in-package.js';

/**
 * The version of the CLI at `cliPath`, read without running it: from the manifest of the npm
 * package it belongs to (`@anthropic-ai/claude-code` or one of its platform packages, the binary
 * in the package or in its `bin/`), or from the file name the native installer gives it
 * (`~/.local/share/claude/versions/2.1.329`). `undefined` when neither says (a CLI from elsewhere
 * or a stand-in), so the caller does not check.
 *
 * @example
 * ```ts
 * readCliVersion('/app/node_modules/@anthropic-ai/claude-code-linux-x64/claude'); // '2.1.197'
 * ```
 */
export function readCliVersion(cliPath: string): string | undefined {
  let real = cliPath;
  try {
    real = realpathSync(cliPath);
  } catch {
    // A path that does not resolve is read as given.
  }
  for (const dir of [dirname(real), dirname(dirname(real))]) {
    const version = manifestVersion(join(dir, 'package.json'));
    if (version !== undefined) return version;
  }
  const name = basename(real);
  return isCliVersion(name) ? name : undefined;
}

const checked = new Map<string, string | undefined>();

/**
 * Refuses a local CLI older than the supported minimum (`checkCliVersion` of the transport kit).
 * The version is read once per path and process (a few microseconds: one manifest read).
 *
 * @returns the version found, or `undefined` when it cannot be read without running the CLI.
 * @throws UnsupportedCliVersionError naming the version found and the minimum.
 */
export function assertSupportedCliVersion(cliPath: string): string | undefined {
  if (!checked.has(cliPath)) checked.set(cliPath, readCliVersion(cliPath));
  const found = checked.get(cliPath);
  checkCliVersion(found, cliPath);
  return found;
}

/** `version` of a Claude Code package manifest at `path`, if that is what it is. */
function manifestVersion(path: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown; version?: unknown };
    const isClaudeCode =
      typeof manifest.name === 'string' &&
      (manifest.name === CLAUDE_CODE_PACKAGE || manifest.name.startsWith(`${CLAUDE_CODE_PACKAGE}-`));
    return isClaudeCode && typeof manifest.version === 'string' && isCliVersion(manifest.version)
      ? manifest.version
      : undefined;
  } catch {
    return undefined;
  }
}
