import { describe, expect, it } from 'vitest';
import { UnsupportedCliVersionError } from '../errors/unsupported-cli-version-error.js';
import {
  askCliVersion,
  checkCliVersion,
  compareVersions,
  parseCliVersion,
  SUPPORTED_CLI_VERSIONS,
} from './cli-version.js';

describe('compareVersions', () => {
  it('orders by major, minor and patch numerically', () => {
    expect(compareVersions('2.1.197', '2.1.197')).toBe(0);
    expect(compareVersions('2.1.99', '2.1.197')).toBeLessThan(0);
    expect(compareVersions('2.2.0', '2.1.329')).toBeGreaterThan(0);
    expect(compareVersions('10.0.0', '9.9.9')).toBeGreaterThan(0);
    expect(() => compareVersions('x', '1.0.0')).toThrow(TypeError);
  });
});

describe('checkCliVersion', () => {
  it('refuses a version below the minimum, naming it, the minimum and where the CLI is', () => {
    let error: unknown;
    try {
      checkCliVersion('2.1.100', 'ssh box claude');
    } catch (caught) {
      error = caught;
    }
    expect(UnsupportedCliVersionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      found: '2.1.100',
      minimum: SUPPORTED_CLI_VERSIONS.minimum,
      cliPath: 'ssh box claude',
    });
  });

  it('passes the minimum, a newer version and an unknown one', () => {
    expect(() => checkCliVersion(SUPPORTED_CLI_VERSIONS.minimum, 'x')).not.toThrow();
    expect(() => checkCliVersion('3.0.0', 'x')).not.toThrow();
    expect(() => checkCliVersion(undefined, 'x')).not.toThrow();
  });
});

describe('parseCliVersion', () => {
  it('reads what `claude --version` prints, and nothing from other output', () => {
    expect(parseCliVersion('2.1.332 (Claude Code)\n')).toBe('2.1.332');
    expect(parseCliVersion('stand-in cli')).toBeUndefined();
  });
});

describe('askCliVersion', () => {
  it('asks the far side with --version and checks the answer', async () => {
    const asked: Array<readonly string[]> = [];
    const ask = async (args: readonly string[]) => {
      asked.push(args);
      return '2.1.332 (Claude Code)';
    };
    await expect(askCliVersion(ask, 'far claude')).resolves.toBe('2.1.332');
    expect(asked).toEqual([['--version']]);
    await expect(askCliVersion(async () => '2.0.1 (Claude Code)', 'far claude')).rejects.toSatisfy((error) =>
      UnsupportedCliVersionError.isInstance(error),
    );
  });

  it("a far side's old CLI: the error says to update it there, never to set pathToClaudeCodeExecutable", async () => {
    const error = await askCliVersion(async () => '2.0.1 (Claude Code)', 'far claude').catch((thrown: Error) => thrown);
    expect(String(error)).toContain('where it runs');
    expect(String(error)).not.toContain('pathToClaudeCodeExecutable');
    expect(() => checkCliVersion('2.0.1', '/usr/bin/claude')).toThrow(/pathToClaudeCodeExecutable/);
  });
});
