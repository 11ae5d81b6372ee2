import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { SpawnedProcessLike, SpawnOptions } from '@hexagent/core';

/**
 * A `spawnClaudeCodeProcess` (an official option) that starts the CLI as the default would and
 * tells `onMessage` every JSON line the CLI writes, as it is read: a test's event for what no app
 * callback sees (a `result` inside a queue worker's run, a host-only `session_state_changed`). The
 * SDK still reads every line itself. The signal kills the process, as the default spawn does.
 *
 * @example
 * ```ts
 * const spawnClaudeCodeProcess = watchingCliSpawner((message) => {
 *   if (message.type === 'result') story.releaseSubagent();
 * });
 * query({ prompt, options: { ...options, spawnClaudeCodeProcess } });
 * ```
 */
export function watchingCliSpawner(
  onMessage: (message: Record<string, unknown>) => void,
): (options: SpawnOptions) => SpawnedProcessLike {
  return (options) => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.env)) if (value !== undefined) env[key] = value;
    const child = spawn(options.command, options.args, { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
    options.signal.addEventListener('abort', () => child.kill('SIGTERM'), { once: true });
    const decoder = new StringDecoder('utf8');
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + decoder.write(chunk)).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        let message: unknown;
        try {
          message = JSON.parse(line);
        } catch {
          continue;
        }
        if (message !== null && typeof message === 'object') onMessage(message as Record<string, unknown>);
      }
    });
    return child as unknown as SpawnedProcessLike;
  };
}
