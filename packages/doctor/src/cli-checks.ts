import { execFile } from 'node:child_process';
import { defaultSessionFactories, startQuery } from '@hexagent/compose';
import type { AccountInfo, Options } from '@hexagent/core';
import { assertSupportedCliVersion, locateClaudeCli, resolveCliCommand } from '@hexagent/transport-cli';
import {
  CliNotFoundError,
  compareVersions,
  ProcessError,
  SUPPORTED_CLI_VERSIONS,
  UnsupportedCliVersionError,
} from '@hexagent/transport-kit';
import type { DoctorCheck } from './doctor-types.js';

/**
 * Finds the CLI as a query would: the path, or a problem saying what was tried and why nothing was
 * taken. A warning names what the lookup passed over: an `@anthropic-ai/claude-code` without its
 * platform package, Windows shims.
 */
export function checkCliFound(options: Options, env: Record<string, string>): { check: DoctorCheck; path?: string } {
  try {
    const found = locateClaudeCli(options, { env });
    const passedOver = [
      ...found.withoutBinary.map(
        (skipped) =>
          `${skipped.packageDir} has no native binary (${skipped.platformPackage} is not installed: ` +
          `\`npm install ${skipped.platformPackage}${skipped.version === undefined ? '' : `@${skipped.version}`}\`)`,
      ),
      ...found.shims.map((shim) => `${shim} needs a shell and names no claude.exe`),
    ];
    if (passedOver.length === 0)
      return { check: { name: 'Claude Code CLI', status: 'ok', detail: found.path }, path: found.path };
    return {
      check: {
        name: 'Claude Code CLI',
        status: 'warning',
        detail: `${found.path}, found after passing over: ${passedOver.join('; ')}`,
        fix: 'Fix or remove what was passed over, or set `pathToClaudeCodeExecutable`, so the CLI used is the one you meant.',
      },
      path: found.path,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { check: { name: 'Claude Code CLI', status: 'problem', ...notFoundParts(error, message) } };
  }
}

/**
 * A lookup's error as the line's detail (what is wrong: not found, not executable, a directory,
 * without its native binary) and its fix (the rest of the message: what to do, then where it looked).
 */
function notFoundParts(error: unknown, message: string): { detail: string; fix: string } {
  const said = message.replace(/^Claude Code CLI not found[:.]\s*/, '');
  const end = CliNotFoundError.isInstance(error) && said !== message ? said.search(/\.\s+(?=[A-Z`])/) : -1;
  if (end <= 0 || message.startsWith('Claude Code CLI not found.')) return { detail: 'not found', fix: message };
  return { detail: said.slice(0, end), fix: said.slice(end + 1).trim() };
}

/**
 * The CLI's version, decided by the query's own check (`assertSupportedCliVersion`: the version read
 * from its npm package or its file name, refused below the minimum), so the doctor and a query
 * agree. A CLI whose version cannot be read that way (a binary copied out of its package) is not
 * checked by a query; the doctor asks it (`claude --version`) and warns when it is older.
 */
export async function checkCliVersion(
  path: string,
  options: Options,
  env: Record<string, string>,
): Promise<DoctorCheck> {
  const { minimum, maximumTested } = SUPPORTED_CLI_VERSIONS;
  const range = `supported: ${minimum} to ${maximumTested}`;
  let version: string | undefined;
  try {
    version = assertSupportedCliVersion(path);
  } catch (error) {
    if (!UnsupportedCliVersionError.isInstance(error)) throw error;
    return {
      name: 'CLI version',
      status: 'problem',
      detail: `${error.found}, older than ${minimum}: queries refuse it (UnsupportedCliVersionError)`,
      fix: `npm install @anthropic-ai/claude-code@^${minimum}, or point \`pathToClaudeCodeExecutable\` at a newer CLI.`,
    };
  }
  if (version === undefined) return uncheckedVersion(await runVersion(path, options, env), range);
  if (compareVersions(version, maximumTested) > 0) {
    return {
      name: 'CLI version',
      status: 'warning',
      detail: `${version}, newer than the newest tested (${range})`,
      fix: 'It should work; report what does not.',
    };
  }
  return { name: 'CLI version', status: 'ok', detail: `${version} (${range})` };
}

/** The line for a CLI whose version a query cannot read, so does not check: what `--version` says of it. */
function uncheckedVersion(said: string | undefined, range: string): DoctorCheck {
  const { minimum } = SUPPORTED_CLI_VERSIONS;
  const unchecked = 'not in an npm package, so queries run it without checking its version';
  if (said === undefined) {
    return {
      name: 'CLI version',
      status: 'warning',
      detail: `unknown: \`--version\` printed none; ${unchecked} (${range})`,
      fix: `Check that \`claude --version\` is at least ${minimum}.`,
    };
  }
  if (compareVersions(said, minimum) < 0) {
    return {
      name: 'CLI version',
      status: 'warning',
      detail: `${said} (from \`--version\`), older than ${minimum}; ${unchecked}`,
      fix:
        `Use a CLI of ${minimum} or newer: \`npm install @anthropic-ai/claude-code@^${minimum}\` and leave ` +
        '`pathToClaudeCodeExecutable` out, or point it at a newer CLI. An older one may lack what hexagent sends.',
    };
  }
  return { name: 'CLI version', status: 'ok', detail: `${said} (from \`--version\`; ${range})` };
}

/** What {@link checkCliStarts} found: its line, and the CLI's account when it answered. */
export interface CliStartResult {
  check: DoctorCheck;
  /** The `account` of the CLI's `initialize` answer (what it authenticates with). */
  account?: AccountInfo;
}

/** Starts the CLI with `options` and waits for its answer to `initialize` (no model request is made). */
export async function checkCliStarts(options: Options, timeoutMs: number): Promise<CliStartResult> {
  const neverAsks: AsyncIterable<never> = { [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => {}) }) };
  const run = startQuery({ prompt: neverAsks, options }, defaultSessionFactories());
  let timer: NodeJS.Timeout | undefined;
  const started = Date.now();
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StartTimeout(timeoutMs)), timeoutMs);
    });
    const answer = await Promise.race([run.initializationResult(), timeout]);
    const version = answer.claude_code_version === undefined ? '' : `, version ${answer.claude_code_version}`;
    return {
      check: { name: 'CLI start', status: 'ok', detail: `answered initialize in ${Date.now() - started} ms${version}` },
      ...(answer.account !== undefined && { account: answer.account }),
    };
  } catch (error) {
    return {
      check: {
        name: 'CLI start',
        status: 'problem',
        detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        fix: cliStartFix(error),
      },
    };
  } finally {
    clearTimeout(timer);
    run.close();
  }
}

class StartTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer to initialize within ${timeoutMs} ms`);
  }
}

/** What to do about a CLI that did not answer `initialize`, by how it failed. */
function cliStartFix(error: unknown): string {
  if (error instanceof StartTimeout) {
    return (
      'The CLI started but did not answer in time: on a slow or busy machine raise `--start-timeout`; ' +
      'otherwise a plugin, MCP server or hook of its settings may hang it (run `claude -p hi` by hand to see).'
    );
  }
  if (ProcessError.isInstance(error) && (error.exitCode !== undefined || error.signal !== undefined)) {
    const said = error.stderrTail.trim();
    if (said === '') {
      return 'The CLI exited without a word on stderr: run it by hand (`claude --version`, then `claude -p hi`) to see why.';
    }
    if (/unknown option|unexpected argument|invalid .*(?:value|argument)/i.test(said)) {
      return (
        'The CLI refused its command line (its stderr is above): an `extraArgs` entry, or an option this CLI ' +
        'is too old for. Remove it, or update the CLI.'
      );
    }
    return 'The CLI exited at start and said why on stderr (above, secrets hidden): fix what it names.';
  }
  return 'A query with these options fails the same way: fix what the message names.';
}

function runVersion(path: string, options: Options, env: Record<string, string>): Promise<string | undefined> {
  const command = resolveCliCommand(path, options, env);
  return new Promise((resolve) => {
    execFile(command.file, [...command.args, '--version'], { env, timeout: 10_000 }, (error, stdout) => {
      resolve(error === null ? /\d+\.\d+\.\d+/.exec(stdout)?.[0] : undefined);
    });
  });
}
