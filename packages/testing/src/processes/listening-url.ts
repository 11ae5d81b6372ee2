import type { ChildProcess } from 'node:child_process';

/**
 * The address a server under test prints on stdout as it starts (`… listening on http://127.0.0.1:40123`),
 * read with `pattern`'s first group; rejects when the process exits before printing it.
 *
 * @example
 * ```ts
 * const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'inherit'] });
 * const baseUrl = await listeningUrl(child);
 * ```
 */
export function listeningUrl(child: ChildProcess, pattern = /listening on (\S+)/): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = pattern.exec(out);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}
