import { BYPASS_WARNING_CODE, resetWarnings, warnAboutCliOptions } from '@hexagent/transport-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { EXECUTABLE_IGNORED_WARNING_CODE, resolveCliCommand } from './resolve-cli-command.js';

/** The codes of the process warnings `run` emits (they arrive on the next tick). */
async function warningCodes(run: () => void): Promise<string[]> {
  const codes: string[] = [];
  const listener = (warning: Error & { code?: string }) => codes.push(warning.code ?? '');
  process.on('warning', listener);
  try {
    run();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', listener);
  }
  return codes;
}

afterEach(() => resetWarnings());

describe('the warnings where hexagent passes on what the official SDK passes on', () => {
  it('warns once for bypassPermissions without the opt-in, never with it', async () => {
    const bypass = { permissionMode: 'bypassPermissions' as const };
    expect(await warningCodes(() => warnAboutCliOptions({ ...bypass, allowDangerouslySkipPermissions: true }))).toEqual(
      [],
    );
    expect(await warningCodes(() => warnAboutCliOptions(bypass))).toEqual([BYPASS_WARNING_CODE]);
    expect(await warningCodes(() => warnAboutCliOptions(bypass))).toEqual([]);
  });

  it('runs a native CLI as is whatever executable says, warning once; a script CLI under an absolute executable', async () => {
    let command = resolveCliCommand('/opt/cli.js', {});
    const first = await warningCodes(() => {
      command = resolveCliCommand('/opt/claude', { executable: process.execPath as 'node' });
    });
    expect(command).toEqual({ file: '/opt/claude', args: [] });
    expect(first).toEqual([EXECUTABLE_IGNORED_WARNING_CODE]);
    expect(await warningCodes(() => resolveCliCommand('/opt/claude', { executable: 'python' as 'node' }))).toEqual([]);
    expect(
      resolveCliCommand('/opt/cli.js', { executable: '/usr/local/bin/bun' as 'bun', executableArgs: ['--x'] }),
    ).toEqual({
      file: '/usr/local/bin/bun',
      args: ['--x', '/opt/cli.js'],
    });
  });
});
