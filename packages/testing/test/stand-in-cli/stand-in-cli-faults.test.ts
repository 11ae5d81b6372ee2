/**
 * The stand-in CLI's faults and process-level behaviour: exits, signals, bad and big output, closed
 * pipes, hangs, what it reports of its argv and env, its notes and pid files and file signals.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  conformancePeer,
  type InstalledStandInCli,
  installStandInCli,
  type StandInScenario,
} from '../../dist/stand-in-cli.js';
import { initialize, ofType, startPeer, user } from './stand-in-peer.js';

const installed: InstalledStandInCli[] = [];
const killed: number[] = [];
afterEach(() => {
  for (const pid of killed.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  for (const cli of installed.splice(0)) cli.remove();
});
function install(scenario: StandInScenario = {}, name?: string): InstalledStandInCli {
  const cli = installStandInCli(scenario, name === undefined ? {} : { name, mode: 0o644 });
  installed.push(cli);
  return cli;
}
function start(cli: InstalledStandInCli, args: string[] = [], env?: NodeJS.ProcessEnv) {
  const peer = startPeer(cli.path, args, env);
  if (peer.child.pid !== undefined) killed.push(peer.child.pid);
  return peer;
}

describe('exits and signals', () => {
  it('writes stderr, then exits with the code given, at start', async () => {
    const peer = start(install({ onStart: [{ stderr: 'fatal: cannot read settings.json\n' }, { exit: 2 }] }));
    expect(await peer.exited).toEqual({ code: 2, signal: null });
    expect(peer.stderr()).toBe('fatal: cannot read settings.json\n');
  });

  it('mid-turn: the messages before, then the exit', async () => {
    const cli = install({ onUser: [{ assistant: 'one' }, { stderr: 'panic\n' }, { exit: 3 }] });
    const peer = start(cli);
    peer.send(user());
    expect(await peer.exited).toEqual({ code: 3, signal: null });
    expect(peer.lines.map((line) => line.type)).toEqual(['assistant']);
  });

  it('kills itself with a signal', async () => {
    const peer = start(install({ onUser: [{ assistant: 'about to die' }, { sleep: 20 }, { kill: 'SIGKILL' }] }));
    peer.send(user());
    expect(await peer.exited).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('ignores SIGTERM and the end of its input when told to; SIGKILL stops it', async () => {
    const peer = start(
      install({ ignoreSignals: ['SIGTERM'], onStart: [{ send: { type: 'ready' } }, { hang: true }], onEnd: [] }),
    );
    await peer.next(ofType('ready'));
    peer.end();
    peer.child.kill('SIGTERM');
    await vi.waitFor(() => expect(peer.stderr()).toContain('ignoring SIGTERM'), { timeout: 20_000 });
    // The time is the point: it stays up a while after the signal and the end of its input.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(peer.child.exitCode).toBeNull();
    peer.child.kill('SIGKILL');
    expect((await peer.exited).signal).toBe('SIGKILL');
  });

  it('onEnd: [] lingers after its input ends, for as long as a step holds it', async () => {
    const peer = start(install({ onStart: [{ sleep: 300 }, { send: { type: 'still here' } }], onEnd: [] }));
    peer.end();
    await peer.next(ofType('still here'));
    expect(await peer.exited).toEqual({ code: 0, signal: null });
  });

  it('finishes the turn in progress before the default exit when its input ends', async () => {
    const peer = start(install({ onUser: [{ sleep: 100 }, { result: 'late' }] }));
    peer.send(user());
    peer.end();
    expect(await peer.exited).toEqual({ code: 0, signal: null });
    expect(peer.lines.map((line) => line.type)).toEqual(['result']);
  });
});

describe('output', () => {
  it('writes raw text: garbage, blank lines and a line cut before EOF', async () => {
    const peer = start(install({ onStart: [{ write: '\n  \n{"type":"a"}\r\nnot json\n{"type":"cut' }, { exit: 0 }] }));
    await peer.exited;
    expect(peer.stdout()).toBe('\n  \n{"type":"a"}\r\nnot json\n{"type":"cut');
  });

  it('writes a big line and many numbered lines', async () => {
    const peer = start(install({ onStart: [{ bigLine: 1_000_000 }, { lines: 3000 }, { exit: 0 }] }));
    await peer.exited;
    expect(peer.lines[0]).toEqual({ type: 'big', data: 'x'.repeat(1_000_000) });
    expect(peer.lines.slice(1)).toEqual(Array.from({ length: 3000 }, (_, i) => ({ type: 'line', i })));
  });

  it('writes bytes given in base64, to stdout and stderr', async () => {
    const bytes = (text: string) => ({ base64: Buffer.from(text).toString('base64') });
    const peer = start(
      install({ onStart: [{ stderr: bytes('warn\n') }, { write: bytes('{"type":"one"}\n') }, { exit: 1 }] }),
    );
    expect((await peer.exited).code).toBe(1);
    expect(peer.lines).toEqual([{ type: 'one' }]);
    expect(peer.stderr()).toBe('warn\n');
  });

  it('closes its stdin, so writes to it fail with EPIPE', async () => {
    const peer = start(install({ onStart: [{ close: ['stdin'] }, { send: { type: 'ready' } }, { hang: true }] }));
    await peer.next(ofType('ready'));
    const failure = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      peer.child.stdin.once('error', resolve);
      const pump = (left: number): void => {
        if (left === 0) {
          resolve(undefined);
          return;
        }
        peer.child.stdin.write('x'.repeat(64 * 1024), () => setImmediate(() => pump(left - 1)));
      };
      pump(50);
    });
    expect(failure?.code).toBe('EPIPE');
    peer.child.kill('SIGKILL');
    await peer.exited;
  });

  it('goes on with its steps after closing its stdin: no crash, and the exit given', async () => {
    const peer = start(
      install({
        onStart: [
          { close: ['stdin'] },
          { send: { type: 'ready' } },
          { stderr: 'fatal\n' },
          { sleep: 100 },
          { exit: 5 },
        ],
      }),
    );
    await peer.next(ofType('ready'));
    expect(await peer.exited).toEqual({ code: 5, signal: null });
    expect(peer.stderr()).toBe('fatal\n');
  });
});

describe('what it reports and leaves', () => {
  it('info: its argv, cwd and env, untouched by the launcher', async () => {
    const env = { PATH: process.env.PATH, ONLY_THIS: '1' };
    const peer = start(install({ onStart: [{ info: true }] }), ['--model=-x "q" $(touch pwned)', '--verbose'], env);
    const info = await peer.next(ofType('info'));
    expect(info.argv).toEqual(['--model=-x "q" $(touch pwned)', '--verbose']);
    expect(info.env).toEqual(env);
    expect(info.execArgv).toEqual([]);
    peer.end();
    await peer.exited;
  });

  it('a script that is not executable itself, run by node with its arguments', async () => {
    const cli = install({ onStart: [{ info: 'script' }, { exit: 0 }] }, 'cli.mjs');
    const peer = startPeer(process.execPath, ['--no-warnings', cli.path, '--model=m']);
    const script = await peer.next(ofType('script'));
    expect(script).toMatchObject({ execArgv: ['--no-warnings'], argv: ['--model=m'] });
    expect((await peer.exited).code).toBe(0);
  });

  it('notes its argv and each message it received, and writes its pid', async () => {
    const cli = install({ onUser: [{ note: 'turn', value: { n: 1 } }, { result: 'done' }] });
    const peer = start(cli, ['--print']);
    peer.send(initialize());
    peer.send(user());
    await peer.next(ofType('result'));
    peer.end();
    await peer.exited;
    expect(cli.pid()).toBe(peer.child.pid);
    expect(cli.notes()).toEqual([
      'argv ["--print"]',
      'received "control_request:initialize"',
      'received "user"',
      'turn {"n":1}',
    ]);
  });

  it('waits for a file and touches one, relative paths resolving beside it', async () => {
    const cli = install({ onUser: [{ waitForFile: 'go' }, { touch: 'done' }, { result: 'done' }] });
    const peer = start(cli);
    peer.send(user());
    // The turn started (its message was read) and waits for the file.
    await vi.waitFor(() => expect(cli.notes()).toContain('received "user"'), { timeout: 20_000 });
    expect(existsSync(join(cli.dir, 'done'))).toBe(false);
    await import('node:fs').then((fs) => fs.writeFileSync(join(cli.dir, 'go'), ''));
    await peer.next(ofType('result'));
    expect(existsSync(join(cli.dir, 'done'))).toBe(true);
    expect(JSON.parse(readFileSync(cli.scenarioFile, 'utf8')).notesFile).toBe(join(cli.dir, 'claude.notes'));
    peer.end();
    await peer.exited;
  });

  it('stops reading its input until a file exists: the writer backs up, then every line arrives in order', async () => {
    const cli = install({ echo: true, onStart: [{ pauseInputUntilFile: 'go' }] });
    const peer = start(cli);
    const pad = 'x'.repeat(16 * 1024);
    const count = 128; // 2 MiB: far more than a pipe holds
    let refused = 0;
    for (let i = 0; i < count; i++)
      if (!peer.child.stdin.write(`${JSON.stringify({ type: 'echo', i, pad })}\n`)) refused++;
    // Started (it writes its pid file before it pauses its input, in the same tick) ...
    await vi.waitFor(() => expect(cli.pid()).toBe(peer.child.pid), { timeout: 20_000 });
    // ... then the time is the point: for a while, it echoes nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peer.lines).toEqual([]);
    expect(refused).toBeGreaterThan(0);
    // What the pipe did not take still waits in this process.
    expect(peer.child.stdin.writableLength).toBeGreaterThan(1024 * 1024);
    await import('node:fs').then((fs) => fs.writeFileSync(join(cli.dir, 'go'), ''));
    await peer.next((line) => line.i === count - 1, 10_000);
    expect(peer.lines.map((line) => line.i)).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(peer.child.stdin.writableLength).toBe(0);
    peer.end();
    expect(await peer.exited).toEqual({ code: 0, signal: null });
  });

  it('writes each workload report to reportFile', async () => {
    const cli = install({ reportFile: 'report.json', onUser: [{ stream: { count: 10 } }, { result: 'done' }] });
    const peer = start(cli);
    peer.send(user());
    await peer.next(ofType('result'));
    expect(JSON.parse(readFileSync(join(cli.dir, 'report.json'), 'utf8'))).toMatchObject({ mode: 'stream', count: 10 });
    peer.end();
    await peer.exited;
  });

  it('fails loudly on a step it does not know, and on input that is not JSON', async () => {
    const bad = start(install({ onStart: [{ teleport: true } as never] }));
    expect((await bad.exited).code).toBe(2);
    expect(bad.stderr()).toContain('unknown step: {"teleport":true}');
    const garbage = start(install());
    garbage.child.stdin.write('this is not json\n');
    expect((await garbage.exited).code).toBe(2);
    expect(garbage.stderr()).toContain('not a JSON object on stdin: this is not json');
  });
});

describe('the conformance peer, busy mid-turn', () => {
  const alive = (pid: number) => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };

  it('echoes and exits when its input ends, while not busy', async () => {
    const peer = start(install(conformancePeer()));
    peer.send({ type: 'echo', n: 1 });
    expect(await peer.next(ofType('echo'))).toEqual({ type: 'echo', n: 1 });
    peer.end();
    expect(await peer.exited).toEqual({ code: 0, signal: null });
  });

  it.runIf(process.platform === 'linux')(
    'on conformance_busy: a child in a session of its own, then the end of input and SIGHUP are not heeded; SIGKILL stops it',
    async () => {
      const cli = install(conformancePeer());
      const peer = start(cli);
      peer.send({ type: 'conformance_busy' });
      await peer.next(ofType('conformance_busy'));
      const child = Number(
        cli
          .notes()
          .find((note) => note.startsWith('child '))
          ?.slice('child '.length),
      );
      killed.push(child);
      // "pid (comm) state ppid pgrp session": the child leads its own session.
      const fields = readFileSync(`/proc/${child}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      expect(Number(fields[3])).toBe(child);
      peer.end();
      peer.child.kill('SIGHUP');
      await expect.poll(() => peer.stderr()).toContain('ignoring SIGHUP');
      // It would have exited on the end of its input before the SIGHUP was handled.
      expect(peer.child.exitCode).toBeNull();
      expect(alive(child)).toBe(true);
      peer.child.kill('SIGKILL');
      expect(await peer.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(alive(child)).toBe(true);
    },
  );
});
