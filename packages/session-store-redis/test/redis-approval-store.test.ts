import { ApprovalLedger, InvalidOptionError } from '@hexagent/core';
import { createClient } from 'redis';
import { describe, expect, inject, it } from 'vitest';
import { RedisApprovalStore, RedisSessionStoreError } from '../src/index.js';

const url = inject('redisUrl');
const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

describe.skipIf(url === '')('RedisApprovalStore (adapter)', () => {
  it('keeps every key under one hash tag, {approvals}, after the prefix', async () => {
    const prefix = `ap-${unique()}:`;
    const store = new RedisApprovalStore({ url }, { prefix });
    const ledger = new ApprovalLedger({ store });
    const { id } = await ledger.request({
      sessionId: 'tenant/a:{x}',
      toolUseId: 'toolu_1',
      toolName: 'Bash',
      input: { command: 'ls' },
      requestedBy: 'test',
      expiresInMs: 60_000,
    });
    await ledger.deny(id, { by: 'bob', reason: 'no' });
    const client = createClient({ url });
    await client.connect();
    const keys = await client.keys(`${prefix}*`);
    await client.close();
    await store.close();
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(new Set(keys.map((k) => /\{([^}]*)\}/.exec(k)?.[1]))).toEqual(new Set(['approvals']));
    expect(keys.every((k) => k.startsWith(`${prefix}{approvals}:`))).toBe(true);
  });

  it('refuses a prefix with braces, and fails with a typed error when the server is not there', async () => {
    expect(() => new RedisApprovalStore({ url }, { prefix: 'a{b}:' })).toThrow(InvalidOptionError);
    const store = new RedisApprovalStore({ url: 'redis://127.0.0.1:1' }, { operationTimeoutMs: 2000 });
    const error = await store.now().catch((e: unknown) => e);
    await store.close();
    expect(RedisSessionStoreError.isInstance(error) && error.operation).toBe('approvals.now');
  });
});
