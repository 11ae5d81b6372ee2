import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ENV_FROM_STDIN_SCRIPT, encodeEnvForStdin, shellQuote } from './env-over-stdin.js';

/** Runs `sh -c ENV_FROM_STDIN_SCRIPT` with `input`, the command printing `name` and then its stdin. */
function run(input: string, name: string): string {
  const command = `printf '%s' "$${name}"; printf '|'; cat`;
  const result = spawnSync('sh', ['-c', ENV_FROM_STDIN_SCRIPT, 'env-in', 'sh', '-c', command], {
    input,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
  });
  return result.stdout.toString('utf8');
}

describe('env over stdin', () => {
  it('exports every value exactly, however odd, and leaves the rest of the input to the command', () => {
    const value = 'line 1\nline 2 \'quoted\' "double" \\back $HOME `x` é 🚀\n\n';
    expect(run(`${encodeEnvForStdin({ SECRET_TOKEN: value })}{"type":"user"}\n`, 'SECRET_TOKEN')).toBe(
      `${value}|{"type":"user"}\n`,
    );
  });

  it('keeps the values off the command line: the argv holds only the script and the command', () => {
    const input = encodeEnvForStdin({ ANTHROPIC_API_KEY: 'sk-ant-secret' });
    expect(input).toContain('ANTHROPIC_API_KEY=');
    expect(ENV_FROM_STDIN_SCRIPT).not.toContain('sk-ant');
    expect(run(input, 'ANTHROPIC_API_KEY')).toBe('sk-ant-secret|');
  });

  it('skips undefined values and refuses a name a shell cannot export', () => {
    expect(encodeEnvForStdin({ A: undefined })).toBe('\n');
    expect(() => encodeEnvForStdin({ 'A-B': 'x' })).toThrow(TypeError);
  });
});

describe('shellQuote', () => {
  it('quotes so that a shell reads the same elements back', () => {
    const args = ['claude', '--settings', `{"a":"it's"}`, 'a b', '', '--x=$(id)'];
    const result = spawnSync('sh', ['-c', `for a in ${shellQuote(args)}; do printf '[%s]' "$a"; done`]);
    expect(result.stdout.toString()).toBe(args.map((a) => `[${a}]`).join(''));
  });
});
