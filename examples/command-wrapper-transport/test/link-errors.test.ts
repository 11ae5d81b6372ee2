/**
 * The errors of the wrapper's link, without ssh: a stand-in wrapper that says what ssh says and
 * exits with ssh's code for a failed link (255), before the command and during a run.
 */
import { buildTransportLaunch, LinkLostError, LinkUnreachableError, ProcessError } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { commandWrapperTransport } from '../src/index.js';

/** A wrapper that runs `script` (sh) in place of the far-side command, its arguments ignored. */
const standIn = (script: string, linkFailureExitCode?: number) =>
  commandWrapperTransport({
    wrapper: ['sh', '-c', script, 'stand-in-ssh'],
    closeTimeoutMs: 1000,
    ...(linkFailureExitCode === undefined ? {} : { linkFailureExitCode }),
  })(buildTransportLaunch({}));

describe("the wrapper's link", () => {
  it("unreachable: start() fails with the kit's LinkUnreachableError and what the wrapper said", async () => {
    const transport = standIn('echo "ssh: connect to host box port 22: Connection refused" >&2; exit 255', 255);
    const error = await transport.start().catch((caught: unknown) => caught);
    expect(LinkUnreachableError.isInstance(error), String(error)).toBe(true);
    expect(String(error)).toContain('Connection refused');
    expect(String(error)).not.toContain('pathToClaudeCodeExecutable');
  });

  it("lost mid-run: messages() ends with the kit's LinkLostError; another exit code stays a ProcessError", async () => {
    const script = (code: number) =>
      `case "$*" in *--version*) echo "2.1.332 (Claude Code)"; exit 0;; esac; read -r _; echo "Connection reset by peer" >&2; exit ${code}`;
    for (const [code, expected] of [
      [255, LinkLostError.isInstance],
      [3, ProcessError.isInstance],
    ] as const) {
      const transport = standIn(script(code), 255);
      await transport.start();
      let ended: unknown;
      try {
        for await (const _ of transport.messages());
      } catch (error) {
        ended = error;
      }
      expect(expected(ended), `${code}: ${String(ended)}`).toBe(true);
      if (code === 255) expect((ended as LinkLostError).closeReason).toBe('Connection reset by peer');
      await transport.close();
    }
  });
});
