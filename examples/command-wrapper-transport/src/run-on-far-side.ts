import { spawn } from 'node:child_process';
import { TransportStartError } from '@hexagent/core';
import { LinkUnreachableError, spawnFailure } from '@hexagent/transport-kit';

/**
 * Runs `argv` (the wrapper and what it runs on the far side) with `input` on its stdin (none by
 * default) and resolves with what it printed: for a question such as `claude --version`, or a file
 * written on the far side, while the transport starts. Rejects with the kit's spawn error (which
 * names a missing wrapper), the kit's `LinkUnreachableError` with the wrapper's stderr when it
 * exits with `linkFailure` (ssh's 255: the host cannot be reached), or a `TransportStartError` with
 * the far side's stderr when the command fails (the CLI is not there) or takes longer than `timeoutMs`.
 */
export function runOnFarSide(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs: number,
  input = '',
  linkFailure?: number,
): Promise<string> {
  const [file, ...args] = argv;
  if (file === undefined) return Promise.reject(new TypeError('runOnFarSide: an empty command'));
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: 'pipe', env, timeout: timeoutMs });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    // A command that does not read its input may exit first: that is its answer, not an error.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.once('error', (error) => reject(spawnFailure(error, file, 'wrapper')));
    child.once('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else {
        const said = Buffer.concat(err).toString('utf8').trim();
        if (code !== null && code === linkFailure) {
          reject(new LinkUnreachableError({ peer: 'far side', address: argv.join(' '), detail: said }));
        } else {
          reject(new TransportStartError({ message: `${argv.join(' ')} failed (${signal ?? code}): ${said}` }));
        }
      }
    });
  });
}
