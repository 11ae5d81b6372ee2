import { spawn } from 'node:child_process';
import { spawnFailure } from '@hexagent/transport-kit';

/**
 * Runs `argv` (the wrapper and what it runs on the far side) with no input and resolves with what
 * it printed, for a question such as `claude --version`; rejects with the kit's spawn error (which
 * names a missing wrapper) or when it fails or takes longer than `timeoutMs`.
 */
export function askFarSide(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs: number,
): Promise<string> {
  const [file, ...args] = argv;
  if (file === undefined) return Promise.reject(new TypeError('askFarSide: an empty command'));
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], env, timeout: timeoutMs });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', (error) => reject(spawnFailure(error, file, 'wrapper')));
    child.once('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else
        reject(
          new Error(`${argv.join(' ')} failed (${signal ?? code}): ${Buffer.concat(err).toString('utf8').trim()}`),
        );
    });
  });
}
