import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TestScope } from './test-scope.js';

describe('TestScope', () => {
  it('releases what it made, last made first, past a release that fails', async () => {
    const scope = new TestScope();
    const order: string[] = [];
    const dir = scope.tempDir('hexagent-scope-');
    scope.defer(() => order.push('first'));
    scope.defer(() => {
      throw new Error('release failed');
    });
    scope.defer(() => order.push('last'));
    expect(existsSync(dir)).toBe(true);
    await expect(scope.cleanup()).resolves.toBeUndefined();
    expect(order).toEqual(['last', 'first']);
    expect(existsSync(dir)).toBe(false);
    await scope.cleanup();
    expect(order).toEqual(['last', 'first']);
  });

  it('disposes the CLI harnesses it started', async () => {
    const scope = new TestScope();
    const harness = await scope.startCliHarness([]);
    const url = harness.server.url;
    await scope.cleanup();
    await expect(fetch(`${url}/v1/messages`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('removes the stand-in CLIs it installed', async () => {
    const scope = new TestScope();
    const cli = scope.installStandInCli({ onUser: [{ result: 'done' }] });
    expect(existsSync(cli.path)).toBe(true);
    await scope.cleanup();
    expect(existsSync(cli.dir)).toBe(false);
  });
});
