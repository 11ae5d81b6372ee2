import { isRunning } from '@hexagent/testing';
import { describe, expect, it } from 'vitest';
import type { ProcessSupervisorHandlers } from './process-supervisor.js';
import { startCliCommand } from './start-cli-command.js';

function handlers(onStdout: (text: string) => void): ProcessSupervisorHandlers {
  return {
    stdout: (chunk) => onStdout(chunk.toString()),
    stdoutError: () => {},
    stderr: () => {},
    exit: () => {},
    close: () => {},
  };
}

/** A shell that starts a grandchild and prints its pid, then waits: the tree `stop()` must end. */
async function startTree(processGroup: boolean) {
  let out = '';
  let gotPid: (pid: number) => void = () => {};
  const grandchild = new Promise<number>((resolve) => {
    gotPid = resolve;
  });
  const supervisor = await startCliCommand(
    {
      command: { file: '/bin/sh', args: [] },
      args: ['-c', 'sleep 30 & echo $!; wait'],
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
      processGroup,
    },
    handlers((text) => {
      out += text;
      if (out.includes('\n')) gotPid(Number(out.trim()));
    }),
  );
  return { supervisor, grandchild: await grandchild };
}

describe.runIf(process.platform === 'linux')('startCliCommand', () => {
  it('stops the whole process tree when the CLI leads a process group', async () => {
    const { supervisor, grandchild } = await startTree(true);
    expect(isRunning(grandchild)).toBe(true);
    await supervisor.stop(false, 2000);
    supervisor.detach();
    await expect.poll(() => isRunning(grandchild), { timeout: 3000 }).toBe(false);
  });

  it('rejects with CliNotFoundError for a missing executable', async () => {
    await expect(
      startCliCommand(
        { command: { file: '/nonexistent/claude', args: [] }, args: [], env: {} },
        handlers(() => {}),
      ),
    ).rejects.toMatchObject({ code: 'CLI_NOT_FOUND' });
  });
});
