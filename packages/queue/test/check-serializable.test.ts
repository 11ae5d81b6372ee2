import { describe, expect, it } from 'vitest';
import {
  type AgentJobQueue,
  checkSerializableOptions,
  enqueueAgentRun,
  UnserializableOptionError,
} from '../src/index.js';

const refusal = (options: Record<string, unknown>) => {
  try {
    checkSerializableOptions(options);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('checkSerializableOptions', () => {
  it('accepts plain JSON options and server names', () => {
    expect(
      refusal({ model: 'm', maxTurns: 3, env: { A: 'b' }, allowedTools: ['x'], mcpServers: ['calc'], agents: {} }),
    ).toBeUndefined();
  });

  it.each([
    [{ canUseTool: async () => ({ behavior: 'allow' }) }, 'options.canUseTool'],
    [{ hooks: {} }, 'options.hooks'],
    [{ abortController: new AbortController() }, 'options.abortController'],
    [{ sessionStore: {} }, 'options.sessionStore'],
    [{ resume: 'x' }, 'options.resume'],
    [{ mcpServers: { calc: { type: 'sdk' } } }, 'options.mcpServers'],
    [{ env: { X: () => 'y' } }, 'options.env.X'],
    [{ extraArgs: { when: new Date() } }, 'options.extraArgs.when'],
    [{ maxBudgetUsd: Number.NaN }, 'options.maxBudgetUsd'],
    [{ allowedTools: ['a', Symbol('b')] }, 'options.allowedTools[1]'],
  ])('refuses %o at %s with a typed error', (options, path) => {
    const error = refusal(options);
    expect(UnserializableOptionError.isInstance(error)).toBe(true);
    expect((error as UnserializableOptionError).path).toBe(path);
    expect((error as UnserializableOptionError).code).toBe('UNSERIALIZABLE_OPTION');
  });

  it('refuses a transport factory by name, saying where it belongs', () => {
    const error = refusal({ transport: () => ({}) });
    expect(UnserializableOptionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ path: 'options.transport' });
    expect((error as Error).message).toMatch(/createAgentWorker\(\{ options: \{ transport \} \}\)/);
  });

  it('enqueueAgentRun refuses it before the queue is touched', async () => {
    const untouched = new Proxy({} as AgentJobQueue, {
      get: (_, name) => () => Promise.reject(new Error(`the queue was used: ${String(name)}`)),
    });
    const options = { transport: () => ({}) } as never;
    await expect(enqueueAgentRun(untouched, { prompt: 'x', options })).rejects.toMatchObject({
      code: 'UNSERIALIZABLE_OPTION',
      path: 'options.transport',
    });
  });
});
