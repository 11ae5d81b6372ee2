/**
 * Attack: a command line that passes the relay's check but that the CLI's parser reads otherwise,
 * and flag values that widen what the CLI may do. The relay bin runs the stand-in, which reports
 * the argv it got (so an accepted hello shows what would have run). How the real CLI parses each
 * form is checked in `test/e2e/cli-parser.test.ts`; `-disallowedTools doctor` against the real CLI
 * in `test/e2e/attacks-real-cli.test.ts`.
 */
import type { ChildProcess } from 'node:child_process';
import { TestScope } from '@hexagent/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rawRelayClient } from '../helpers/raw-relay-client.js';
import { removeTempDirs, standInCli } from '../helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from '../helpers/relay-process.js';

const reporter = standInCli({ onStart: [{ info: 'argv_report' }], echo: ['echo'] });
const BASE = ['--output-format=stream-json', '--verbose', '--input-format=stream-json'];
let relay: ChildProcess;
let url: string;
const scope = new TestScope();
beforeAll(async () => {
  ({ relay, url } = await startRelayProcess({ cliPath: reporter, maxConnections: 64 }));
}, 30_000);
afterEach(() => scope.cleanup());
afterAll(async () => {
  await stopRelayProcess(relay);
  removeTempDirs();
});

/** What the relay does with `argv`: the reason it refused it, or the argv the CLI got. */
async function outcome(argv: string[], at = url): Promise<{ refused?: string; message?: string; ran?: string[] }> {
  const client = rawRelayClient(at, { type: 'relay_hello', argv, env: {} });
  try {
    const answer = await client.answer;
    if (answer.error !== undefined) return { refused: answer.error.reason, message: answer.error.message };
    if (answer.ready === undefined) return { refused: `closed ${answer.closeCode}` };
    const report = await client.waitForLine((line) => line.type === 'argv_report');
    return { ran: report.argv as string[] };
  } finally {
    client.close();
  }
}

describe("attack: argv the CLI's parser reads otherwise", () => {
  it.each([
    // Commander reads -d (--debug [filter]) with "isallowedTools" as its value, then runs `doctor`.
    [['-disallowedTools', 'doctor']],
    [['-disallowedTools=Bash', 'doctor']],
    // Short options, alone or combined.
    [['-p']],
    [['-c']],
    [['-dp']],
    [['-r', 'x']],
    // The end of options: everything after it is an operand (a prompt, or a subcommand).
    [['--', 'doctor']],
    [['--']],
    // A bare operand anywhere.
    [['doctor']],
    [['--model=m', 'doctor']],
    // A flag written alone that takes a value swallows the next element, whatever it is.
    [['--model', '--permission-mode=plan']],
    [['--max-turns', '3']],
    // A switch given a value: the CLI does not take `--verbose=x` as --verbose.
    [['--verbose=1']],
    [['--continue=x']],
    // Empty names, and a single dash.
    [['--=x']],
    [['-']],
    [['---model=x']],
  ])('%j is refused', async (attack) => {
    const result = await outcome([...BASE, ...attack]);
    expect(result.ran, `ran ${JSON.stringify(result.ran)}`).toBeUndefined();
    expect(result.refused).toBe('flag_not_allowed');
  });

  it('--name and --name=value of allowed flags run, as given', async () => {
    const argv = [...BASE, '--model=claude-sonnet-4-5', '--max-turns=3', '--include-partial-messages'];
    expect(await outcome(argv)).toEqual({ ran: expect.arrayContaining(argv) });
  });
});

describe('attack: flag values that widen what the CLI may do', () => {
  it.each([
    [['--permission-mode=bypassPermissions']],
    [['--permission-mode=acceptEdits']],
    [['--permission-mode=auto']],
    [['--setting-sources=project']],
    [['--setting-sources=user,local']],
    [['--setting-sources=user,project']],
  ])('%j is refused by default', async (attack) => {
    const result = await outcome([...BASE, ...attack]);
    expect(result.ran, `ran ${JSON.stringify(result.ran)}`).toBeUndefined();
    expect(result.refused).toBe('flag_not_allowed');
    expect(result.message).toMatch(/value/);
  });

  it('the safe values are taken: plan, dontAsk, manual; user settings, none', async () => {
    for (const value of ['--permission-mode=plan', '--permission-mode=dontAsk', '--permission-mode=manual']) {
      expect((await outcome([...BASE, value])).ran).toContain(value);
    }
    expect((await outcome([...BASE, '--setting-sources=user'])).ran).toContain('--setting-sources=user');
    expect((await outcome([...BASE, '--setting-sources='])).ran).toContain('--setting-sources=');
  });

  it('without --setting-sources the relay adds its default, so the CLI does not load the settings in the cwd', async () => {
    const result = await outcome(BASE);
    expect(result.ran).toContain('--setting-sources=user');
  });

  it('an operator widens a value list on purpose', async () => {
    const { relay: widened, url: at } = await startRelayProcess({
      cliPath: reporter,
      allowedFlagValues: { 'permission-mode': ['acceptEdits'] },
    });
    scope.defer(() => stopRelayProcess(widened));
    expect((await outcome([...BASE, '--permission-mode=acceptEdits'], at)).ran).toContain(
      '--permission-mode=acceptEdits',
    );
    expect((await outcome([...BASE, '--permission-mode=plan'], at)).refused).toBe('flag_not_allowed');
  });
});
