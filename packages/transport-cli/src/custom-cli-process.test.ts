import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { SpawnedProcessLike } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { CustomCliProcess } from './custom-cli-process.js';

/** A process as a custom spawner may return it: streams, exit and error events, no close. */
function fakeProcess(state: { exitCode?: number | null } = {}) {
  const events = new EventEmitter();
  const stdout = new PassThrough();
  const kills: string[] = [];
  const spawned = Object.assign(events, {
    stdin: new PassThrough(),
    stdout,
    killed: false,
    exitCode: state.exitCode ?? null,
    kill(signal: string) {
      kills.push(signal);
      return true;
    },
  });
  return { spawned: spawned as unknown as SpawnedProcessLike, events, stdout, kills };
}

function record(process: CustomCliProcess): string[] {
  const seen: string[] = [];
  process.on('exit', (code, signal) => seen.push(`exit ${code ?? signal}`));
  process.on('close', (code, signal) => seen.push(`close ${code ?? signal}`));
  return seen;
}

describe('CustomCliProcess', () => {
  it('closes after the exit once stdout has ended, so every byte of output is read first', async () => {
    const { spawned, events, stdout } = fakeProcess();
    const process = new CustomCliProcess(spawned, 5_000);
    const seen = record(process);
    stdout.on('data', (chunk: Buffer) => seen.push(`data ${chunk.toString().trim()}`));
    events.emit('exit', 0, null);
    expect(seen).toEqual(['exit 0']);
    stdout.end('last line\n');
    await process.released;
    expect(seen).toEqual(['exit 0', 'data last line', 'close 0']);
  });

  it('closes after the grace period when stdout never ends', async () => {
    const { spawned, events } = fakeProcess();
    const process = new CustomCliProcess(spawned, 30);
    const seen = record(process);
    events.emit('exit', null, 'SIGKILL');
    await process.released;
    expect(seen).toEqual(['exit SIGKILL', 'close SIGKILL']);
  });

  it('reports an exit that happened before it was returned, on the next tick', async () => {
    const { spawned, stdout } = fakeProcess({ exitCode: 7 });
    stdout.end();
    stdout.resume();
    const process = new CustomCliProcess(spawned, 5_000);
    const seen = record(process);
    expect(seen).toEqual([]);
    await process.released;
    expect(seen).toEqual(['exit 7', 'close 7']);
  });

  it('passes errors on only while someone listens, and kill() to the process', () => {
    const { spawned, events, kills } = fakeProcess();
    const process = new CustomCliProcess(spawned);
    expect(() => events.emit('error', new Error('unheard'))).not.toThrow();
    const errors: string[] = [];
    process.on('error', (error) => errors.push(error.message));
    events.emit('error', new Error('heard'));
    expect(errors).toEqual(['heard']);
    process.kill('SIGTERM');
    expect(kills).toEqual(['SIGTERM']);
    expect(process.pid).toBeUndefined();
    expect(process.stderr).toBeUndefined();
    process.abandon();
  });
});
