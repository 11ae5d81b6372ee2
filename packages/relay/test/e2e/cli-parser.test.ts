/**
 * The relay's reading of a command line against the real CLI's parser (the workspace's Claude Code, 2.1.332,
 * commander): the forms the relay accepts mean to the CLI what the relay takes them to mean, and
 * the forms it refuses would be read otherwise. Each probe ends during parsing (`--version`, or an
 * invalid `--max-turns` value, or an unknown option), so the CLI does nothing else.
 */
import { spawn } from 'node:child_process';
import { type HermeticCliEnv, hermeticCliEnv } from '@hexagent/testing';
import { findClaudeCli } from '@hexagent/transport-cli';
import { CLI_SWITCH_FLAGS, definedEnv } from '@hexagent/transport-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArgv } from '../../src/check-argv.js';
import { CLAUDE_CODE_FLAG_FORMS } from '../../src/cli-flag-forms.js';
import { resolveRelayConfig } from '../../src/relay-config.js';
import { DEFAULT_ALLOWED_FLAGS } from '../../src/relay-defaults.js';

const cli = findClaudeCli({});
let hermetic: HermeticCliEnv;
beforeAll(async () => {
  // Port 9 on loopback: nothing listens, and nothing leaves the machine.
  hermetic = await hermeticCliEnv({ baseUrl: 'http://127.0.0.1:9' });
});
afterAll(() => hermetic?.cleanup());

/** What the real CLI writes (stdout and stderr) for `args`, its input empty. */
function runCli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cli, args, { env: definedEnv(hermetic.env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}

const VERSION = /^\d+\.\d+\.\d+ \(Claude Code\)$/m;
const relay = resolveRelayConfig({
  token: 'a-token-of-16-chars',
  allowedFlags: Object.keys(CLAUDE_CODE_FLAG_FORMS),
  allowClientMcpServers: 'all',
});

describe("the relay's argv check against the real CLI's parser", () => {
  it('`-disallowedTools doctor`: the CLI runs its doctor subcommand; the relay refuses it', async () => {
    const attack = [
      '--output-format=stream-json',
      '--verbose',
      '--input-format=stream-json',
      '-disallowedTools',
      'doctor',
    ];
    expect(await runCli(attack)).toContain('Claude Code doctor');
    expect(checkArgv(attack, relay)).toMatchObject({ reason: 'flag_not_allowed' });
  }, 90_000);

  const probed = [...new Set([...DEFAULT_ALLOWED_FLAGS, ...CLI_SWITCH_FLAGS])];

  it('every flag of those a client sends that the relay takes as --name alone is an option the CLI knows', async () => {
    // (An option the CLI did not know would be an operand: a prompt.)
    const alone = probed.filter((name) => CLAUDE_CODE_FLAG_FORMS[name] !== 'value').map((name) => `--${name}`);
    expect(alone.length).toBeGreaterThan(10);
    // Parsing stops at the first option it does not know: all of them known, that is the probe.
    const output = await runCli(['-p', ...alone, '--zz-unknown-probe']);
    expect(output).toContain("unknown option '--zz-unknown-probe'");
  }, 90_000);

  it('a switch given =value is an unknown option to the CLI: the relay refuses it', async () => {
    expect(await runCli(['-p', '--verbose=1'])).toContain("unknown option '--verbose=1'");
    expect(checkArgv(['--verbose=1'], relay)).toMatchObject({ reason: 'flag_not_allowed' });
  }, 90_000);

  it.each(probed)(
    '--%s written alone takes the next element as its value exactly when the relay says so',
    async (name) => {
      const form = CLAUDE_CODE_FLAG_FORMS[name];
      // Not taken: --version prints the version. Taken: --version is the value, and the invalid
      // --max-turns after it ends the parse.
      const output = await runCli(['-p', `--${name}`, '--version', '--max-turns=zz']);
      const tookTheNext = !VERSION.test(output);
      expect({ name, tookTheNext }).toEqual({ name, tookTheNext: form === 'value' });
      if (form === 'value') expect(checkArgv([`--${name}`], relay)).toMatchObject({ reason: 'flag_not_allowed' });
    },
    90_000,
  );
});
