import { describe, expect, it } from 'vitest';
import { FakeMcpServer } from '../../test/helpers/fakes.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { HooksOptions } from '../types/hooks/hook-callback.js';
import { HOOK_EVENTS } from '../types/hooks/hook-events.js';
import type { Options } from '../types/options.js';
import { checkMcpServerNames, checkSessionOptions } from './check-session-options.js';

/** The `option` of the InvalidOptionError `check` throws, or undefined when it throws nothing. */
function failingOption(check: () => void): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    return (error as InvalidOptionError).option;
  }
}

const stop = { Stop: [{ hooks: [async () => ({})] }] };

describe('checkSessionOptions', () => {
  it('accepts no options, and good ones', () => {
    expect(failingOption(() => checkSessionOptions({}))).toBeUndefined();
    const good: Options = {
      hookTimeoutMs: 1,
      hooks: { PreToolUse: [{ hooks: [], timeout: 0.5 }], Stop: [] },
      mcpServersDelivery: 'argv',
    };
    expect(failingOption(() => checkSessionOptions(good))).toBeUndefined();
    expect(failingOption(() => checkSessionOptions({ mcpServersDelivery: 'initialize' }))).toBeUndefined();
  });

  it('accepts every one of the 34 hook events', () => {
    const hooks = Object.fromEntries(HOOK_EVENTS.map((event) => [event, [{ hooks: [async () => ({})] }]]));
    expect(Object.keys(hooks)).toHaveLength(34);
    expect(failingOption(() => checkSessionOptions({ hooks: hooks as HooksOptions }))).toBeUndefined();
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, '10' as unknown as number])(
    'refuses hookTimeoutMs %s when there are hooks',
    (hookTimeoutMs) => {
      expect(failingOption(() => checkSessionOptions({ hooks: stop, hookTimeoutMs }))).toBe('hookTimeoutMs');
    },
  );

  it('does not check hookTimeoutMs without hooks', () => {
    expect(failingOption(() => checkSessionOptions({ hookTimeoutMs: 0 }))).toBeUndefined();
  });

  it('passes a hook event this release does not know, as the official SDK does (the CLI decides)', () => {
    const hooks = { NoSuchEvent: [{ hooks: [async () => ({})] }] } as unknown as HooksOptions;
    expect(failingOption(() => checkSessionOptions({ hooks }))).toBeUndefined();
  });

  it('passes a matcher timeout that is not a positive number, as the official SDK does', () => {
    const hooks: HooksOptions = { Stop: [{ hooks: [] }, { hooks: [], timeout: -1 }, { hooks: [], timeout: 0 }] };
    expect(failingOption(() => checkSessionOptions({ hooks }))).toBeUndefined();
  });

  it('reports the first bad option: hookTimeoutMs, then mcpServersDelivery', () => {
    const delivery = 'stdin' as unknown as 'argv';
    const unknownEvent = { Bad: [], Stop: [{ hooks: [], timeout: 0 }] } as unknown as HooksOptions;
    expect(failingOption(() => checkSessionOptions({ hooks: unknownEvent, hookTimeoutMs: 0 }))).toBe('hookTimeoutMs');
    expect(failingOption(() => checkSessionOptions({ hooks: unknownEvent, mcpServersDelivery: delivery }))).toBe(
      'mcpServersDelivery',
    );
  });
});

describe('checkMcpServerNames', () => {
  it('accepts distinct names and refuses a repeated one, naming it', () => {
    expect(failingOption(() => checkMcpServerNames([new FakeMcpServer('a'), new FakeMcpServer('b')]))).toBeUndefined();
    const servers = [new FakeMcpServer('a'), new FakeMcpServer('b'), new FakeMcpServer('a')];
    expect(failingOption(() => checkMcpServerNames(servers))).toBe('mcpServers.a');
  });
});
