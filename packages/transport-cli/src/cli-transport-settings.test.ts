import { InvalidOptionError } from '@hexagent/core';
import { DEFAULT_STDERR_BUFFER_BYTES, DEFAULT_STDERR_BUFFER_LINES } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_HIGH_WATER_MARK,
  resolveCliTransportSettings,
} from './cli-transport-settings.js';

describe('resolveCliTransportSettings', () => {
  it('fills in the defaults', () => {
    expect(resolveCliTransportSettings({})).toEqual({
      closeTimeoutMs: DEFAULT_CLOSE_TIMEOUT_MS,
      stderrBufferLines: DEFAULT_STDERR_BUFFER_LINES,
      stderrBufferBytes: DEFAULT_STDERR_BUFFER_BYTES,
      highWaterMark: DEFAULT_HIGH_WATER_MARK,
    });
  });

  it('keeps valid values; closeTimeoutMs may be fractional', () => {
    const settings = { closeTimeoutMs: 0.5, stderrBufferLines: 3, stderrBufferBytes: 10, highWaterMark: 1 };
    expect(resolveCliTransportSettings(settings)).toEqual(settings);
  });

  it.each([
    ['closeTimeoutMs', 0],
    ['closeTimeoutMs', Number.NaN],
    ['stderrBufferLines', 1.5],
    ['stderrBufferBytes', -1],
    ['highWaterMark', Number.POSITIVE_INFINITY],
  ])('rejects %s = %s with InvalidOptionError naming it', (name, value) => {
    let error: unknown;
    try {
      resolveCliTransportSettings({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect((error as InvalidOptionError).option).toBe(name);
  });
});
