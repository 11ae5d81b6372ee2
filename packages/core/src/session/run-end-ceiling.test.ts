import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_END_CEILING_MS, RUN_END_CEILING_ENV_VAR, runEndCeilingMs } from './run-end-ceiling.js';

describe('runEndCeilingMs', () => {
  it.each([
    [undefined, DEFAULT_RUN_END_CEILING_MS],
    ['', DEFAULT_RUN_END_CEILING_MS],
    ['0', 0],
    [' 1500 ', 1500],
    ['6e5', 600_000],
    ['1.5e3', 1500],
    ['1.5e0', DEFAULT_RUN_END_CEILING_MS],
    ['600,000', 600_000],
    ['600_000', 600_000],
    ['250ms', 250],
    ['-1', DEFAULT_RUN_END_CEILING_MS],
    ['soon', DEFAULT_RUN_END_CEILING_MS],
  ])('reads %j as %d, as the official SDK', (value, expected) => {
    expect(runEndCeilingMs({ [RUN_END_CEILING_ENV_VAR]: value })).toBe(expected);
  });

  it('names the variable the CLI itself reads', () => {
    expect(RUN_END_CEILING_ENV_VAR).toBe('CLAUDE_CODE_PRINT_BG_WAIT_CEILING_MS');
    expect(DEFAULT_RUN_END_CEILING_MS).toBe(600_000);
  });
});
