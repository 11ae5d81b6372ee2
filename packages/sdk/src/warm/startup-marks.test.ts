/**
 * Start-up marks with the fake CLI: `startup()` and `prewarm()` ask the CLI for them through the
 * launch's environment (`query()` does not), and an initialize that times out names the last one the
 * CLI reported, as the official SDK's `startupMark`/`startupMarkAgeMs`.
 */
import type { TransportLaunch } from '@hexagent/core';
import { FakeCliTransport, fakeCliWiring } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createContainer, type DependencyContainer } from '../container.js';
import { InitializeTimeoutError, query } from '../index.js';
import { prewarm } from './prewarm.js';
import { startup } from './startup.js';

const VARIABLE = 'CLAUDE_CODE_SDK_READS_STARTUP_MARKS';
const MARKS = ['cli_entry', 'settings_loaded', 'x'.repeat(65)];

const wiring = fakeCliWiring(createContainer);
afterEach(() => wiring.closeAll());
let fakes: FakeCliTransport[] = [];
afterEach(() => {
  fakes = [];
});

/**
 * A container whose fake CLI behaves as the real one: when its environment asks for start-up marks,
 * it writes them (the last one too long to keep) and a plain keep_alive, then never answers initialize
 * unless `answers`.
 */
function cliReportingMarks(answers: boolean): { container: DependencyContainer; launches: TransportLaunch[] } {
  const container = wiring.containerWith((launch) => {
    const fake = new FakeCliTransport({ autoInitialize: answers, onEndInput: (cli) => cli.finish() });
    fakes.push(fake);
    if (launch.env[VARIABLE] === '1') {
      for (const mark of MARKS) fake.emit({ type: 'keep_alive', startup_mark: mark });
      fake.emit({ type: 'keep_alive' });
    }
    return fake;
  });
  return { container, launches: wiring.launches };
}

describe('start-up marks', () => {
  it('startup() and prewarm() set CLAUDE_CODE_SDK_READS_STARTUP_MARKS=1 for the CLI; query() does not', async () => {
    const { container, launches } = cliReportingMarks(true);
    const warm = await startup({ options: { cwd: '/w', env: { PATH: '/bin' } } }, container);
    warm.close();
    const spare = await prewarm({ options: { cwd: '/p', env: { PATH: '/bin' } } }, container);
    spare.close();
    const q = query({ prompt: 'hi', options: { cwd: '/w', env: { PATH: '/bin' } } }, container);
    await q.initializationResult();
    q.close();
    expect(launches.map((launch) => launch.env[VARIABLE])).toEqual(['1', '1', undefined]);
    expect(launches.map((launch) => launch.remoteEnv[VARIABLE])).toEqual(['1', '1', undefined]);
  });

  it("keeps the caller's own value of the variable, in any letter case", async () => {
    const { container, launches } = cliReportingMarks(true);
    const warm = await startup({ options: { env: { claude_code_sdk_reads_startup_marks: '0' } } }, container);
    warm.close();
    expect(launches[0]?.env).toMatchObject({ claude_code_sdk_reads_startup_marks: '0' });
    expect(launches[0]?.env).not.toHaveProperty(VARIABLE);
  });

  it.each([
    [
      'startup()',
      (container: DependencyContainer) => startup({ options: { cwd: '/w' }, initializeTimeoutMs: 50 }, container),
    ],
    [
      'prewarm()',
      (container: DependencyContainer) => prewarm({ options: { cwd: '/p' }, initializeTimeoutMs: 50 }, container),
    ],
  ])('%s: a timed-out initialize names the last valid mark the CLI reported and its age', async (_, start) => {
    const { container } = cliReportingMarks(false);
    const error = await start(container).catch((e: unknown) => e);
    expect(InitializeTimeoutError.isInstance(error)).toBe(true);
    const timeout = error as InitializeTimeoutError;
    expect(timeout.startupMark).toBe('settings_loaded');
    expect(timeout.startupMarkAgeMs).toBeGreaterThanOrEqual(0);
    expect(fakes[0]?.state.closed).toBe(true);
  });

  it("says 'none', with no age, when the CLI reported no mark", async () => {
    const container = wiring.containerWith(new FakeCliTransport());
    const error = await startup({ initializeTimeoutMs: 50 }, container).catch((e: unknown) => e);
    expect(error).toMatchObject({ errorClass: 'initialize_timeout', startupMark: 'none' });
    expect(error).not.toHaveProperty('startupMarkAgeMs');
  });
});
