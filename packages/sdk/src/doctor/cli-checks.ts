import { execFile } from 'node:child_process';
import type { Options } from '@hexagent/core';
import {
  CliNotFoundError,
  compareVersions,
  locateClaudeCli,
  readCliVersion,
  resolveCliCommand,
  SUPPORTED_CLI_VERSIONS,
} from '@hexagent/transport-cli';
import { query } from '../query.js';
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
    const missing = CliNotFoundError.isInstance(error) ? error.missingPlatformPackage : undefined;
    return {
      check: {
        name: 'Claude Code CLI',
        status: 'problem',
        detail: missing === undefined ? 'not found' : `installed without its native binary (${missing} is missing)`,
        fix: error instanceof Error ? error.message : String(error),
      },
    };
  }
}

/**
 * The CLI's version against the supported range: read from its package without running it, else
 * from `claude --version` (a doctor may take the 0.2 s a query does not).
 */
export async function checkCliVersion(
  path: string,
  options: Options,
  env: Record<string, string>,
): Promise<DoctorCheck> {
  const version = readCliVersion(path) ?? (await runVersion(path, options, env));
  const { minimum, maximumTested } = SUPPORTED_CLI_VERSIONS;
  const range = `supported: ${minimum} to ${maximumTested}`;
  if (version === undefined) {
    return {
      name: 'CLI version',
      status: 'warning',
      detail: `unknown (${range})`,
      fix: `Check \`claude --version\` is at least ${minimum}.`,
    };
  }
  if (compareVersions(version, minimum) < 0) {
    return {
      name: 'CLI version',
      status: 'problem',
      detail: `${version}, older than ${minimum}`,
      fix: `npm install @anthropic-ai/claude-code@^${minimum} (queries refuse this CLI with UnsupportedCliVersionError).`,
    };
  }
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

/** Starts the CLI with `options` and waits for its answer to `initialize` (no model request is made). */
export async function checkCliStarts(options: Options, timeoutMs: number): Promise<DoctorCheck> {
  const neverAsks: AsyncIterable<never> = { [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => {}) }) };
  const run = query({ prompt: neverAsks, options });
  let timer: NodeJS.Timeout | undefined;
  const started = Date.now();
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to initialize within ${timeoutMs} ms`)), timeoutMs);
    });
    const answer = await Promise.race([run.initializationResult(), timeout]);
    const version = answer.claude_code_version === undefined ? '' : `, version ${answer.claude_code_version}`;
    return { name: 'CLI start', status: 'ok', detail: `answered initialize in ${Date.now() - started} ms${version}` };
  } catch (error) {
    return {
      name: 'CLI start',
      status: 'problem',
      detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      fix: 'Run the CLI by hand (`claude --version`, then `claude -p hi`) to see its own message.',
    };
  } finally {
    clearTimeout(timer);
    run.close();
  }
}

function runVersion(path: string, options: Options, env: Record<string, string>): Promise<string | undefined> {
  const command = resolveCliCommand(path, options, env);
  return new Promise((resolve) => {
    execFile(command.file, [...command.args, '--version'], { env, timeout: 10_000 }, (error, stdout) => {
      resolve(error === null ? /\d+\.\d+\.\d+/.exec(stdout)?.[0] : undefined);
    });
  });
}
