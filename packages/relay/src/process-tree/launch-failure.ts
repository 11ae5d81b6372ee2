import { existsSync } from 'node:fs';
import { CliNotFoundError, RELAY_CLOSE } from '@hexagent/transport-kit';
import type { HelloRefusal } from '../hello-refusal.js';
import { LAUNCH_FAILED } from './launch-command.js';

/** Why a connection ends when its CLI did not start: what to tell the client, and the close code. */
export type LaunchFailure = HelloRefusal & { code: number };

const CWD_CHANGED: LaunchFailure = {
  reason: 'cwd_not_allowed',
  message: 'the working directory changed between the check and the start (a symlink?): nothing was run',
  code: RELAY_CLOSE.refused,
};

/**
 * Why the launcher exited before the CLI ran (its exit status, before its line): the working
 * directory changed (a symlink swapped in), the CLI cannot be run, or its cgroup not joined.
 */
export function launchFailureOf(
  status: { code: number | null; signal: string | null },
  cliPath: string | undefined,
): LaunchFailure {
  if (status.code === LAUNCH_FAILED.cwd) return CWD_CHANGED;
  const message =
    status.code === LAUNCH_FAILED.notFound
      ? `the CLI ${JSON.stringify(cliPath ?? 'claude')} cannot be run`
      : status.code === LAUNCH_FAILED.cgroup
        ? "the CLI's cgroup could not be joined"
        : `the launcher ended (code ${status.code}, signal ${status.signal}) before the CLI ran`;
  return { reason: 'spawn_failed', message, code: RELAY_CLOSE.spawnFailed };
}

/**
 * Why starting the launcher itself failed: with /bin/sh there, a file not found is the cwd gone. A
 * CLI the relay could not find is told in the relay's terms (its `cliPath`), never with the lookup's
 * local advice (`pathToClaudeCodeExecutable`), which the remote client cannot act on.
 */
export function spawnFailureOf(error: unknown): LaunchFailure {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if ((cause?.code === 'ENOENT' || cause?.code === 'ENOTDIR') && existsSync('/bin/sh')) return CWD_CHANGED;
  if (CliNotFoundError.isInstance(error)) {
    const message =
      "the Claude Code CLI was not found on the relay's host: its operator installs it there " +
      "(`npm install -g @anthropic-ai/claude-code`) or sets the relay's `cliPath`";
    return { reason: 'spawn_failed', message, code: RELAY_CLOSE.spawnFailed };
  }
  return {
    reason: 'spawn_failed',
    message: error instanceof Error ? error.message : String(error),
    code: RELAY_CLOSE.spawnFailed,
  };
}
