/**
 * The command-wrapper transport against the transport conformance suite (both read modes), the
 * stand-in CLI playing the suite's peer on the far side of `env` (a wrapper that runs its
 * arguments on this machine, so no sshd is needed), and a missing wrapper named in its error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transportConformanceSuite } from '@hexagent/testing/conformance';
import { conformancePeer, installStandInCli } from '@hexagent/testing/stand-in-cli';
import { buildTransportLaunch, CommandNotFoundError } from '@hexagent/transport-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { commandWrapperTransport } from '../src/index.js';

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
