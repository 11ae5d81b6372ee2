/**
 * How the real Claude Code CLI (the workspace's, 2.1.332) reads a line of its stream-json input,
 * variant by variant (`test/helpers/line-variants.ts`): the message is an `mcp_status` control
 * request, and the CLI either answers it (it read the message) or exits on a fatal input error.
 * The relay reads a line the same way (`src/screen/read-client-line.ts`) and passes on only what it
 * read, re-encoded; `test/attacks/client-lines.attack.test.ts` shows what it does with each variant.
 */
import { spawn } from 'node:child_process';
import { type HermeticCliEnv, hermeticCliEnv } from '@hexagent/testing';
import { findClaudeCli } from '@hexagent/transport-cli';
import { definedEnv } from '@hexagent/transport-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINE_VARIANTS } from '../helpers/line-variants.js';

const cli = findClaudeCli({});
let hermetic: HermeticCliEnv;
beforeAll(async () => {
  // Port 9 on loopback: nothing listens, and nothing leaves the machine.
  hermetic = await hermeticCliEnv({ baseUrl: 'http://127.0.0.1:9' });
});
afterAll(() => hermetic?.cleanup());

const ARGS = ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'];
const INITIALIZE = `${JSON.stringify({ type: 'control_request', request_id: 'init', request: { subtype: 'initialize' } })}\n`;
const status = (id: string) => ({ type: 'control_request', request_id: id, request: { subtype: 'mcp_status' } });

/** A real CLI, initialized; `answered(id)` resolves once it answers request `id`, `exited` with its exit code. */
async function startCli() {
  const child = spawn(cli, ARGS, {
    env: definedEnv(hermetic.env),
    cwd: hermetic.homeDir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.on('error', () => {});
  const answers = new Set<string>();
  const waiters = new Set<() => void>();
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const id = (JSON.parse(line) as { response?: { request_id?: unknown } }).response?.request_id;
        if (typeof id === 'string') answers.add(id);
      } catch {
        // Not a message.
      }
    }
    for (const waiter of waiters) waiter();
  });
  child.stderr.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const answered = (id: string) =>
    new Promise<'answered' | 'exited'>((resolve) => {
      const check = () => {
        if (answers.has(id)) resolve('answered');
      };
      waiters.add(check);
      check();
      void exited.then(() => resolve(answers.has(id) ? 'answered' : 'exited'));
    });
  child.stdin.write(INITIALIZE);
  expect(await answered('init')).toBe('answered');
  return { child, answered, exited };
}

describe("the real CLI's reading of a line", () => {
  it('acts on the variants the relay reads (one CLI, one after the other)', async () => {
    const { child, answered } = await startCli();
    try {
      for (const [index, variant] of LINE_VARIANTS.entries()) {
        if (variant.cli !== 'acts') continue;
        const id = `v${index}`;
        child.stdin.write(variant.bytes(status(id)));
        expect(await answered(id), variant.name).toBe('answered');
      }
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);

  it('exits on each of the others (a fatal input error), without acting on the message', async () => {
    const fatal = LINE_VARIANTS.filter((variant) => variant.cli === 'exits');
    // Three CLIs at a time: each exits as soon as it reads the line.
    for (let start = 0; start < fatal.length; start += 3) {
      await Promise.all(
        fatal.slice(start, start + 3).map(async (variant) => {
          const { child, answered, exited } = await startCli();
          child.stdin.write(variant.bytes(status('v')));
          expect(await answered('v'), variant.name).toBe('exited');
          expect(await exited, variant.name).toBe(1);
        }),
      );
    }
  }, 180_000);

  it('reads a line longer than the relay takes in a frame (17 MiB): the relay closes such a frame (1009)', async () => {
    const { child, answered } = await startCli();
    try {
      child.stdin.write(`${JSON.stringify({ ...status('long'), pad: 'x'.repeat(17 * 1024 * 1024) })}\n`);
      expect(await answered('long')).toBe('answered');
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);
});
