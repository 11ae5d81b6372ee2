import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { DIST } from './workload.js';

/**
 * Runs `node [flags] <script> ...args` in a fresh process (on `cpu` alone, when given) and parses the
 * last line it prints as JSON.
 */
export function runNode<T>(
  script: string,
  scriptArgs: string[],
  flags: string[] = [],
  env = process.env,
  cpu?: number,
): Promise<T> {
  const command = [process.execPath, ...flags, script, ...scriptArgs];
  if (cpu !== undefined) command.unshift('taskset', '-c', String(cpu));
  return new Promise((resolve, reject) => {
    execFile(
      command[0] as string,
      command.slice(1),
      { cwd: join(DIST, '..'), env, maxBuffer: 16 * 1024 * 1024, timeout: 300_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${script} ${scriptArgs.join(' ')} failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as T);
      },
    );
  });
}
