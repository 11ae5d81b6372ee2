/**
 * Attack: the cwd checked is not the cwd the CLI runs in. A directory inside the relay's root is
 * swapped, again and again, for a symlink to a directory outside it, while clients ask for it as
 * their cwd; the "CLI" (the stand-in) reports the directory it runs in. Every CLI that runs must
 * run inside the root; the ones that lost the race are refused (`cwd_not_allowed`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { TestScope } from '@hexagent/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rawRelayClient } from '../helpers/raw-relay-client.js';
import { makeTempDir, removeTempDirs, standInCli } from '../helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from '../helpers/relay-process.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());

/** Kills `child` when the test ends, if it still runs. */
function killAfterTest(child: ChildProcess): void {
  scope.defer(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
}
afterAll(removeTempDirs);

const reporter = standInCli({ onStart: [{ info: 'cwd_report' }], echo: ['echo'] });

/** Swaps `<root>/p` between a directory (holding `x`) and a symlink to `<outside>` (holding `x`), as fast as it can. */
function startSwapper(root: string, outside: string): ChildProcess {
  const script = `
const { renameSync, symlinkSync } = require('node:fs');
const root = ${JSON.stringify(root)};
symlinkSync(${JSON.stringify(outside)}, root + '/plink');
for (;;) {
  try {
    renameSync(root + '/p', root + '/pdir');
    renameSync(root + '/plink', root + '/p');
    renameSync(root + '/p', root + '/plink');
    renameSync(root + '/pdir', root + '/p');
  } catch {}
}`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  killAfterTest(child);
  return child;
}

describe('attack: swapping the cwd for a symlink between the check and the spawn', () => {
  it('no CLI ever runs outside the roots', async () => {
    const root = realpathSync(makeTempDir());
    const outside = realpathSync(makeTempDir());
    mkdirSync(path.join(root, 'p', 'x'), { recursive: true });
    mkdirSync(path.join(outside, 'x'));
    const { relay, url } = await startRelayProcess({ cliPath: reporter, cwdRoots: [root], maxConnections: 64 });
    killAfterTest(relay);
    startSwapper(root, outside);

    const cwds: string[] = [];
    const refusals: string[] = [];
    for (let round = 0; round < 8; round++) {
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          const client = rawRelayClient(url, {
            type: 'relay_hello',
            argv: ['--output-format=stream-json', '--verbose', '--input-format=stream-json'],
            env: {},
            cwd: path.join(root, 'p', 'x'),
          });
          try {
            const answer = await client.answer;
            if (answer.error !== undefined) refusals.push(answer.error.reason);
            else if (answer.ready !== undefined) {
              cwds.push(String((await client.waitForLine((line) => line.type === 'cwd_report')).cwd));
            }
          } finally {
            client.close();
          }
        }),
      );
    }
    await stopRelayProcess(relay);
    const escaped = cwds.filter((cwd) => !cwd.startsWith(`${root}/`));
    console.log(
      `[relay attack] cwd swap: ${cwds.length} CLIs ran (${escaped.length} outside the root), ${refusals.length} refused`,
    );
    expect(escaped).toEqual([]);
    expect(new Set(refusals)).toEqual(new Set(refusals.length > 0 ? ['cwd_not_allowed'] : []));
    expect(cwds.length + refusals.length).toBe(64);
  }, 120_000);
});
