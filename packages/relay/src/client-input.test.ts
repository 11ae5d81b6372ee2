import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TestScope } from '@hexagent/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ClientInput } from './client-input.js';
import { resolveRelayConfig } from './relay-config.js';

const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'hexagent-relay-input-')));
mkdirSync(path.join(root, 'work'));
const scope = new TestScope();
afterEach(() => scope.cleanup());
afterAll(() => rmSync(root, { recursive: true, force: true }));

const config = resolveRelayConfig({ token: 'a-token-of-16-chars', cwdRoots: [root] });

/** A ClientInput over a recording sink; `cwd` is where the "CLI" (a real process, for /proc) runs. */
function input(cwd: string) {
  const cli = spawn('sleep', ['30'], { cwd, stdio: 'ignore' });
  scope.defer(() => cli.kill('SIGKILL'));
  const sink = {
    written: [] as string[],
    answers: [] as string[],
    ended: [] as string[],
    paused: false,
    write(text: string) {
      sink.written.push(text);
      return true;
    },
    onceDrained: () => {},
    endInput: () => {},
    answer: (text: string) => sink.answers.push(text),
    end: (reason: string, message: string) => sink.ended.push(`${reason}: ${message}`),
    pause: () => {
      sink.paused = true;
    },
    resume: () => {
      sink.paused = false;
    },
    cliPid: () => cli.pid,
  };
  return { sink, input: new ClientInput(config, sink) };
}

const frame = (...messages: unknown[]) => Buffer.from(messages.map((m) => JSON.stringify(m)).join('\n'));
const setCwd = (id: string, dir: string) => ({
  type: 'control_request',
  request_id: id,
  request: { subtype: 'set_cwd', path: dir },
});
const user = (text: string) => ({ type: 'user', message: { role: 'user', content: text } });
const answerOk = (id: string, cwd: string) =>
  JSON.stringify({
    type: 'control_response',
    response: { subtype: 'success', request_id: id, response: { status: 'ok', cwd } },
  });

describe('ClientInput: set_cwd', () => {
  it('holds what follows a set_cwd until the CLI answers, then passes it on', async () => {
    const work = path.join(root, 'work');
    const { sink, input: client } = input(work);
    client.push(frame(setCwd('c1', work), user('after, same frame')), false);
    client.push(frame(user('after, next frame')), false);
    expect(sink.written).toHaveLength(1);
    expect(JSON.parse(sink.written[0] as string).request.path).toBe(work);
    expect(sink.paused).toBe(true);
    expect(client.onCliLine(answerOk('c1', work))).toBe(true);
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
    expect(sink.written.slice(1).map((text) => JSON.parse(text).message.content)).toEqual([
      'after, same frame',
      'after, next frame',
    ]);
    expect(sink.paused).toBe(false);
    expect(sink.ended).toEqual([]);
  });

  it('ends the connection, and keeps the answer from the client, when the CLI went outside the roots (a swapped symlink)', async () => {
    // The path checked was inside; the CLI is found elsewhere (its cwd in /proc) once it answers.
    const { sink, input: client } = input('/');
    client.push(frame(setCwd('c1', path.join(root, 'work')), user('never sent')), false);
    expect(client.onCliLine(answerOk('c1', path.join(root, 'work')))).toBe(false);
    expect(sink.ended).toEqual([expect.stringMatching(/^cwd_not_allowed: set_cwd took the CLI to "\/"/)]);
    expect(sink.written).toHaveLength(1);
  });

  it('passes other lines of the CLI untouched, and a refused set_cwd holds nothing', () => {
    const { sink, input: client } = input(root);
    expect(client.onCliLine('{"type":"assistant"}')).toBe(true);
    client.push(frame(setCwd('c2', '/etc'), user('goes on')), false);
    expect(JSON.parse(sink.answers[0] as string).response).toMatchObject({ subtype: 'error', request_id: 'c2' });
    expect(sink.written.map((text) => JSON.parse(text).type)).toEqual(['user']);
    expect(sink.paused).toBe(false);
  });
});
