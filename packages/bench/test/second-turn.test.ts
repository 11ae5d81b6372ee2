import { describe, expect, it } from 'vitest';
import { timeSecondTurn } from '../src/second-turn.js';
import { STAND_IN_CLI, standInEnv } from '../src/workload.js';

// The stand-in plays one turn per user message: one assistant message, the closing one, a result.
const env = standInEnv({ mode: 'stream', count: 1, concurrency: 1, warmup: 0 });

describe('timeSecondTurn (the floor of the first-message bench)', () => {
  it('times the second turn of a live hexagent session, from the push to its first assistant message', async () => {
    const { query } = await import('@hexagent/sdk');
    const seen: string[] = [];
    const timing = await timeSecondTurn((prompt) => {
      const messages = query({ prompt, options: { pathToClaudeCodeExecutable: STAND_IN_CLI, env } });
      return (async function* () {
        for await (const message of messages) {
          seen.push(message.type);
          yield message;
        }
      })();
    });
    expect(timing.firstAssistantAt).toBeGreaterThan(timing.pushedAt);
    // The first turn ran to its result before the push; the clock stopped at the second turn's first assistant message.
    expect(seen.indexOf('result')).toBeGreaterThan(0);
    expect(seen.lastIndexOf('assistant')).toBeGreaterThan(seen.indexOf('result'));
  });

  it('does the same with the official SDK', async () => {
    const { query } = await import('@anthropic-ai/claude-agent-sdk');
    const timing = await timeSecondTurn((prompt) =>
      query({ prompt, options: { pathToClaudeCodeExecutable: STAND_IN_CLI, env: { ...process.env, ...env } } }),
    );
    expect(timing.firstAssistantAt).toBeGreaterThan(timing.pushedAt);
  });

  it('fails, instead of hanging, when the query ends before a second turn', async () => {
    const ended = async function* () {
      yield { type: 'assistant' };
      yield { type: 'result' };
    };
    await expect(timeSecondTurn(() => ended())).rejects.toThrow(
      "the query ended while waiting for a 'assistant' message",
    );
  });
});
