import type { SpareProcess } from '@hexagent/compose';
import { startSpare } from '@hexagent/compose';
import { FakeCliTransport, fakeCliWiring, resultMessage } from '@hexagent/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContainer, type DependencyContainer, resolveFactories } from '../container.js';
import { InitializeTimeoutError, InvalidOptionError, SpareClaimError } from '../index.js';
import { prewarm } from './prewarm.js';
import { startup } from './startup.js';

const CLAIMED = { status: 'ok', cwd: '/work/repo', session_id: 'sess-9', parked_ms: 42, sdk_mcp_settled: true };

const wiring = fakeCliWiring(createContainer);
afterEach(() => wiring.closeAll());
const containerWith = (fake: FakeCliTransport): DependencyContainer => wiring.containerWith(fake);

function fakeCli(autoRespond: ConstructorParameters<typeof FakeCliTransport>[0] = {}): FakeCliTransport {
  return new FakeCliTransport({ autoInitialize: true, onEndInput: (cli) => cli.finish(), ...autoRespond });
}

/** The subtypes and types the SDK wrote after `initialize`, in order. */
function wireAfterInitialize(fake: FakeCliTransport): string[] {
  return fake.sent
    .map((message) =>
      message.type === 'control_request' ? String((message.request as { subtype: string }).subtype) : message.type,
    )
    .filter((name) => name !== 'initialize');
}

describe('prewarm() with the fake CLI', () => {
  it('starts the CLI with --await-claim in the given folder, then claims: claim_session before the prompt', async () => {
    const fake = fakeCli({ autoRespond: { claim_session: () => CLAIMED } });
    const spare = await prewarm({ options: { cwd: '/parking' } }, containerWith(fake));
    expect(wiring.launches.at(-1)?.args).toContain('--await-claim');
    expect(wiring.launches.at(-1)?.cwd).toBe('/parking');
    const q = spare.claim({ prompt: 'hello', options: { cwd: '/work/repo', title: 'T', permissionMode: 'plan' } });
    await expect(spare.claimed).resolves.toEqual({
      cwd: '/work/repo',
      sessionId: 'sess-9',
      parkedMs: 42,
      sdkMcpSettled: true,
    });
    await fake.nextSent((message) => message.type === 'user');
    expect(wireAfterInitialize(fake)).toEqual(['claim_session', 'user']);
    const claim = (await fake.waitForControlRequest('claim_session')).request;
    expect(claim).toEqual({
      subtype: 'claim_session',
      cwd: '/work/repo',
      permission_mode: 'plan',
      title: 'T',
      sdk_mcp_servers: [],
      include_initialize: true,
    });
    expect(() => spare.claim({ prompt: 'again', options: { cwd: '/x' } })).toThrow(/only be called once/);
    await q.return();
  });

  it('model and maxThinkingTokens follow the claim; a refusal rejects claimed with option_not_applied (session runs)', async () => {
    const fake = fakeCli({
      autoRespond: {
        claim_session: () => CLAIMED,
        set_model: () => {
          throw new Error('Unable to validate model');
        },
        set_max_thinking_tokens: () => ({}),
      },
    });
    const spare = await prewarm({ options: { cwd: '/parking' } }, containerWith(fake));
    const q = spare.claim({ prompt: 'hi', options: { cwd: '/work/repo', model: 'nope', maxThinkingTokens: 1000 } });
    const error = await spare.claimed.catch((e: unknown) => e);
    expect(SpareClaimError.isInstance(error)).toBe(true);
    expect((error as SpareClaimError).reason).toBe('option_not_applied');
    expect((error as SpareClaimError).sessionRuns).toBe(true);
    expect((error as Error).message).toMatch(/^option_not_applied: model: Unable to validate model/);
    expect((error as SpareClaimError).claim?.sessionId).toBe('sess-9');
    await fake.nextSent((message) => message.type === 'user');
    expect(wireAfterInitialize(fake).slice(0, 3)).toEqual(['claim_session', 'set_model', 'set_max_thinking_tokens']);
    await q.return();
  });

  it('a settings overlay holds the prompt until accepted; the following keys go behind the claim', async () => {
    const fake = fakeCli({ autoRespond: { claim_session: () => CLAIMED, apply_flag_settings: () => ({}) } });
    const spare = await prewarm({ options: { cwd: '/parking' } }, containerWith(fake));
    const q = spare.claim({
      prompt: 'hi',
      options: { cwd: '/work/repo', settings: { effortLevel: 'high', fastMode: true } },
    });
    await fake.nextSent((message) => message.type === 'user');
    expect(wireAfterInitialize(fake)).toEqual(['apply_flag_settings', 'claim_session', 'apply_flag_settings', 'user']);
    const overlays = fake.sent.filter(
      (message) =>
        message.type === 'control_request' &&
        (message.request as { subtype: string }).subtype === 'apply_flag_settings',
    );
    expect(overlays.map((message) => (message.request as { settings: unknown }).settings)).toEqual([
      { effortLevel: 'high' },
      { fastMode: true },
    ]);
    await spare.claimed;
    await q.return();
  });

  it('a refused overlay never sends the prompt: settings_not_applied, and the process is closed', async () => {
    const fake = fakeCli({
      autoRespond: {
        claim_session: () => CLAIMED,
        apply_flag_settings: () => {
          throw new Error('invalid settings');
        },
      },
    });
    const spare = await prewarm({ options: { cwd: '/parking' } }, containerWith(fake));
    const q = spare.claim({ prompt: 'hi', options: { cwd: '/work/repo', settings: { effortLevel: 'high' } } });
    await expect(spare.claimed).rejects.toThrow(/^settings_not_applied: invalid settings/);
    await spare.exited;
    expect(fake.sent.some((message) => message.type === 'user')).toBe(false);
    expect(fake.state.closed).toBe(true);
    await q.return();
  });

  it('a refused claim rejects claimed with the CLI reason and ends the input', async () => {
    const fake = fakeCli({
      autoRespond: {
        claim_session: () => {
          throw new Error('cwd_not_found: the claim cwd does not exist or is not accessible');
        },
      },
    });
    const spare = await prewarm({ options: { cwd: '/parking' } }, containerWith(fake));
    const q = spare.claim({ prompt: 'hi', options: { cwd: '/nope' } });
    const error = (await spare.claimed.catch((e: unknown) => e)) as SpareClaimError;
    expect(error.reason).toBe('cwd_not_found');
    expect(error.code).toBe('SPARE_CLAIM_ERROR');
    expect(error.sessionRuns).toBe(false);
    const user = await fake.nextSent((message) => message.type === 'user');
    expect(user).toBeDefined();
    fake.emit(resultMessage({ subtype: 'error_during_execution', is_error: true, errors: ['not_claimed: ...'] }));
    await q.return();
  });

  it('refuses hook settings at claim without sending anything; the spare can still be claimed', async () => {
    const fake = fakeCli({ autoRespond: { claim_session: () => CLAIMED } });
    const spare = await prewarm({ options: { cwd: '/parking' } }, containerWith(fake));
    expect(() => spare.claim({ prompt: 'hi', options: { cwd: '/w', settings: { disableAllHooks: true } } })).toThrow(
      InvalidOptionError,
    );
    expect(wireAfterInitialize(fake)).toEqual([]);
    const q = spare.claim({ prompt: 'hi', options: { cwd: '/w' } });
    await spare.claimed;
    await q.return();
  });

  it('close() before a claim: spare_closed, the CLI stops, a later claim throws', async () => {
    const fake = fakeCli();
    const spare = await prewarm({ options: { cwd: '/parking' } }, containerWith(fake));
    spare.close();
    await expect(spare.claimed).rejects.toThrow(/^spare_closed:/);
    await spare.exited;
    expect(fake.state.closed).toBe(true);
    expect(() => spare.claim({ prompt: 'hi', options: { cwd: '/w' } })).toThrow(/closed or has exited/);
  });

  it('await using: leaving the block closes the spare and waits for its CLI to stop', async () => {
    const fake = fakeCli();
    let spare: SpareProcess | undefined;
    {
      await using parked = await prewarm({ options: { cwd: '/parking' } }, containerWith(fake));
      spare = parked;
      expect(fake.state.closed).toBe(false);
    }
    expect(fake.state.closed).toBe(true);
    await expect(spare.claimed).rejects.toThrow(/^spare_closed:/);
    expect(() => spare?.claim({ prompt: 'hi', options: { cwd: '/w' } })).toThrow(/closed or has exited/);
  });

  it('a spare whose CLI exits while parked rejects claimed with spare_exited', async () => {
    const fake = fakeCli();
    const spare = await prewarm({ options: { cwd: '/parking' } }, containerWith(fake));
    fake.finish();
    await spare.exited;
    await expect(spare.claimed).rejects.toThrow(/^spare_exited:/);
  });

  it('refuses resume/continue/forkSession, and the signal of startSpare discards the spare', async () => {
    await expect(prewarm({ options: { resume: 'abc' } }, containerWith(fakeCli()))).rejects.toThrow(InvalidOptionError);
    const fake = fakeCli();
    const controller = new AbortController();
    const spare = await startSpare(
      { options: { cwd: '/parking' }, signal: controller.signal },
      resolveFactories(containerWith(fake)),
    );
    controller.abort();
    await expect(spare.claimed).rejects.toThrow(/^spare_closed:/);
    await spare.exited;
    expect(fake.state.closed).toBe(true);
  });

  it('rejects with InitializeTimeoutError when initialize is not answered in time, and stops the CLI', async () => {
    const fake = new FakeCliTransport();
    const error = await prewarm({ options: { cwd: '/p' }, initializeTimeoutMs: 50 }, containerWith(fake)).catch(
      (e: unknown) => e,
    );
    expect(InitializeTimeoutError.isInstance(error)).toBe(true);
    expect((error as InitializeTimeoutError).code).toBe('INITIALIZE_TIMEOUT');
    expect(fake.state.closed).toBe(true);
  });
});

describe('startup() with the fake CLI', () => {
  it('resolves after initialize; query() sends the prompt; a second query() throws', async () => {
    const fake = fakeCli();
    const warm = await startup({ options: { cwd: '/w' } }, containerWith(fake));
    expect(wiring.launches.at(-1)?.args).not.toContain('--await-claim');
    expect(fake.sent.some((message) => message.type === 'user')).toBe(false);
    const q = warm.query('hello');
    await fake.nextSent((message) => message.type === 'user');
    expect(() => warm.query('again')).toThrow(/only be called once/);
    await q.return();
  });

  it('rejects with InitializeTimeoutError when initialize is not answered in time, and stops the CLI', async () => {
    const fake = new FakeCliTransport();
    const began = Date.now();
    const error = await startup({ options: { cwd: '/w' }, initializeTimeoutMs: 50 }, containerWith(fake)).catch(
      (e: unknown) => e,
    );
    expect(InitializeTimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INITIALIZE_TIMEOUT', timeoutMs: 50 });
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(fake.state.closed).toBe(true);
  });

  it('close() without a query stops the CLI', async () => {
    const fake = fakeCli();
    const warm = await startup({}, containerWith(fake));
    warm.close();
    await vi.waitFor(() => expect(fake.state.closed).toBe(true), { timeout: 10_000 });
  });
});
