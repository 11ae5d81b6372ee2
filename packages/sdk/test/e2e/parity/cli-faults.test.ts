/**
 * Parity with the official SDK when the CLI fails on its own (played by the stand-in CLI): an exit
 * with a code mid-turn, a kill by a signal, a non-zero exit after a successful result. The
 * iteration yields what came before and throws an error worded as the official's (programs match
 * `exited with code 143`, `terminated by signal SIGTERM`); hexagent's is a `ProcessError`.
 */
import { ProcessError, type SDKMessage } from '@hexagent/sdk';
import { TestScope } from '@hexagent/testing';
import type { StandInScenario } from '@hexagent/testing/stand-in-cli';
import { afterEach, describe, expect, it } from 'vitest';
import { settle } from './parity-kit.js';
import { SDKS } from './sdks.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());

async function run(sdk: (typeof SDKS)[number], scenario: StandInScenario) {
  const cli = scope.installStandInCli(scenario);
  return settle(
    sdk.query({
      prompt: 'hi',
      options: { pathToClaudeCodeExecutable: cli.path, env: { PATH: process.env.PATH }, stderr: () => {} },
    }),
  );
}

const types = (messages: SDKMessage[]) => messages.map((message) => message.type);

describe.each(SDKS)('the CLI failing on its own, on $name', (sdk) => {
  it('an exit with code 3 mid-turn: the messages before it, then the exit with the stderr tail', async () => {
    const { messages, error } = await run(sdk, {
      work: [{ assistant: 'partial' }, { stderr: 'something broke inside the CLI\n' }, { exit: 3 }],
    });
    expect(types(messages)).toEqual(['system', 'assistant']);
    expect((error as Error).message).toBe(
      'Claude Code process exited with code 3. stderr: something broke inside the CLI',
    );
    if (sdk.name === 'hexagent') expect((error as ProcessError).exitCode).toBe(3);
  });

  it('killed by a signal mid-turn', async () => {
    const { messages, error } = await run(sdk, { work: [{ assistant: 'partial' }, { kill: 'SIGKILL' }] });
    expect(types(messages)).toEqual(['system', 'assistant']);
    expect((error as Error).message).toBe('Claude Code process terminated by signal SIGKILL');
    if (sdk.name === 'hexagent') expect((error as ProcessError).signal).toBe('SIGKILL');
  });

  it('a non-zero exit after a successful result is still an error', async () => {
    const { messages, error } = await run(sdk, {
      work: [{ assistant: 'a' }],
      onEnd: [{ stderr: 'bye\n' }, { exit: 1 }],
    });
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', is_error: false });
    expect((error as Error).message).toBe('Claude Code process exited with code 1. stderr: bye');
    if (sdk.name === 'hexagent') expect(ProcessError.isInstance(error)).toBe(true);
  });
});
