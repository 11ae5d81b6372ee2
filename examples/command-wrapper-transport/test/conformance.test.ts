/**
 * The command-wrapper transport against the transport conformance suite (both read modes), the
 * stand-in CLI playing the suite's peer on the far side of `env` (a wrapper that runs its
 * arguments on this machine, so no sshd is needed), a missing wrapper named in its error, and a
 * line on the far side's stdout that is not JSON (a login banner) skipped with one warning.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transportConformanceSuite } from '@hexagent/testing/conformance';
import { conformancePeer, installStandInCli } from '@hexagent/testing/stand-in-cli';
import { buildTransportLaunch, CommandNotFoundError, resetWarnings } from '@hexagent/transport-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { commandWrapperTransport } from '../src/index.js';
import { SKIPPED_LINE_WARNING } from '../src/note-skipped-line.js';

const dir = mkdtempSync(join(tmpdir(), 'hexagent-wrapper-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const peer = installStandInCli(conformancePeer(), { dir }).path;

transportConformanceSuite('CommandWrapperTransport (env, the conformance peer as the CLI)', () =>
  commandWrapperTransport({ wrapper: ['env'], cli: peer })(buildTransportLaunch({})),
);

describe('a wrapper that is missing', () => {
  it('is named in a CommandNotFoundError, which says nothing of installing the CLI', async () => {
    const transport = commandWrapperTransport({
      wrapper: ['hexagent-no-such-wrapper'],
      cli: peer,
      checkVersion: false,
    })(buildTransportLaunch({}));
    const error: unknown = await transport.start().catch((caught: unknown) => caught);
    expect(CommandNotFoundError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ command: 'hexagent-no-such-wrapper' });
    expect((error as Error).message).not.toContain('@anthropic-ai/claude-code');
    await transport.close();
  });
});

describe('a far side that prints a banner before the CLI runs', () => {
  it('skips the line with one process warning, and the session goes on', async () => {
    resetWarnings();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const wrapper = ['sh', '-c', 'echo "Welcome to the far side"; exec "$@"', 'banner'];
      const transport = commandWrapperTransport({ wrapper, cli: peer, checkVersion: false })(buildTransportLaunch({}));
      await transport.start();
      await transport.send({ type: 'echo', n: 1 } as never);
      const iterator = transport.messages()[Symbol.asyncIterator]();
      expect((await iterator.next()).value).toEqual({ type: 'echo', n: 1 });
      await transport.close();
      await expect
        .poll(() => warnings.map((warning) => (warning as { code?: string }).code))
        .toEqual([SKIPPED_LINE_WARNING]);
      expect(warnings[0]?.message).toContain('Welcome to the far side');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
