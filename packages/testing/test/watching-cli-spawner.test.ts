/** watchingCliSpawner on the stand-in CLI, from the built package (`pnpm build` first). */
import { describe, expect, it } from 'vitest';
import { watchingCliSpawner } from '../dist/index.js';
import { installStandInCli } from '../dist/stand-in-cli.js';

describe('watchingCliSpawner', () => {
  it('starts the CLI as asked and tells of every JSON line it writes, while the SDK reads them too', async () => {
    const cli = installStandInCli({
      onUser: [
        { sessionState: 'running' },
        { assistant: 'hi' },
        { sessionState: 'requires_action' },
        { result: 'done' },
      ],
    });
    try {
      const watched: string[] = [];
      const spawner = watchingCliSpawner((message) =>
        watched.push(String(message.state ?? message.subtype ?? message.type)),
      );
      const child = spawner({
        command: cli.path,
        args: [],
        env: { ...process.env },
        signal: new AbortController().signal,
      });
      let read = '';
      child.stdout.on('data', (chunk) => {
        read += String(chunk);
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.stdin.write(
        `${JSON.stringify({ type: 'control_request', request_id: 'i', request: { subtype: 'initialize' } })}\n`,
      );
      child.stdin.write(`${JSON.stringify({ type: 'user', message: { role: 'user', content: 'go' } })}\n`);
      child.stdin.end();
      expect(await exited).toBe(0);
      expect(watched).toEqual(['control_response', 'running', 'assistant', 'requires_action', 'success']);
      expect(read.trim().split('\n')).toHaveLength(5);
    } finally {
      cli.remove();
    }
  });

  it('kills the CLI when the signal aborts', async () => {
    const cli = installStandInCli({ onUser: [{ hang: true }] });
    try {
      const controller = new AbortController();
      const child = watchingCliSpawner(() => {})({
        command: cli.path,
        args: [],
        env: { ...process.env },
        signal: controller.signal,
      });
      const exited = new Promise<string | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      controller.abort();
      expect(await exited).toBe('SIGTERM');
    } finally {
      cli.remove();
    }
  });
});
