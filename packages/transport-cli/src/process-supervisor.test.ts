import { isRunning } from '@hexagent/testing';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../test/helpers/checks.js';
import { SCRIPTED, standInCli } from '../test/helpers/stand-in.js';
import { removeTempDirs } from '../test/helpers/temp-dirs.js';
import { type ExitStatus, ProcessSupervisor } from './process-supervisor.js';
import { loadSpawner, spawnCli } from './spawn-cli.js';

const spawner = await loadSpawner();

afterAll(removeTempDirs);

function supervise(script: string): { supervisor: ProcessSupervisor; events: string[]; stdout: string[] } {
  const { process: subprocess } = spawnCli(spawner, buildTransportLaunch({ pathToClaudeCodeExecutable: script }));
  const events: string[] = [];
  const stdout: string[] = [];
  const status = (s: ExitStatus) => `${s.code ?? ''}${s.signal ?? ''}`;
  const supervisor = new ProcessSupervisor(subprocess, {
    stdout: (chunk) => stdout.push(chunk.toString()),
    stdoutError: () => events.push('stdoutError'),
    stderr: () => {},
    exit: (s) => events.push(`exit ${status(s)}`),
    close: (s) => events.push(`close ${status(s)}`),
  });
  return { supervisor, events, stdout };
}

describe('ProcessSupervisor', () => {
  it('reports output, then one exit before the close; stop() escalates to SIGKILL for a CLI that ignores the rest', async () => {
    const { supervisor, events, stdout } = supervise(
      standInCli({ ignoreSignals: ['SIGTERM'], onStart: [{ send: { type: 'ready' } }, { hang: true }], onEnd: [] }),
    );
    await waitFor(() => stdout.length > 0);
    expect(stdout.join('')).toContain('ready');
    expect(await supervisor.waitForExit(50)).toBe(false);
    supervisor.stdin.end();
    const startedAt = performance.now();
    await supervisor.stop(true, 150);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(250);
    expect(supervisor.exitStatus).toEqual({ code: null, signal: 'SIGKILL' });
    expect(isRunning(supervisor.pid ?? -1)).toBe(false);
    expect(await supervisor.waitForExit(10)).toBe(true);
    await waitFor(() => events.length >= 2);
    expect(events).toEqual(['exit SIGKILL', 'close SIGKILL']);
    supervisor.detach();
    supervisor.detach();
    expect(supervisor.isDetached).toBe(true);
    await supervisor.waitUntilReleased(1_000);
  });

  it('stop(false) sends SIGTERM at once', async () => {
    const { supervisor } = supervise(standInCli(SCRIPTED));
    const startedAt = performance.now();
    await supervisor.stop(false, 2_000);
    expect(performance.now() - startedAt).toBeLessThan(1_500);
    expect(supervisor.exitStatus?.signal).toBe('SIGTERM');
    supervisor.detach();
  });
});
