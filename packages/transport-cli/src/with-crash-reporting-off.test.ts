import { buildCliEnv } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { withCrashReportingOff } from './with-crash-reporting-off.js';

describe('withCrashReportingOff', () => {
  // Recorded from official 0.3.332 with a logging spawnClaudeCodeProcess (the crash variables it passed).
  it.each([
    ['no env given', undefined, { BUN_ENABLE_CRASH_REPORTING: '0' }],
    ['an env without them', {}, { BUN_ENABLE_CRASH_REPORTING: '0' }],
    ['an empty switch', { BUN_ENABLE_CRASH_REPORTING: '' }, { BUN_ENABLE_CRASH_REPORTING: '0' }],
    ['the switch on', { BUN_ENABLE_CRASH_REPORTING: '1' }, { BUN_ENABLE_CRASH_REPORTING: '1' }],
    ['a report URL', { BUN_CRASH_REPORT_URL: 'http://x' }, { BUN_CRASH_REPORT_URL: 'http://x' }],
    [
      'an empty report URL',
      { BUN_CRASH_REPORT_URL: '' },
      { BUN_CRASH_REPORT_URL: '', BUN_ENABLE_CRASH_REPORTING: '0' },
    ],
    [
      'the switch in lower case (another name off Windows)',
      { bun_enable_crash_reporting: '1' },
      { bun_enable_crash_reporting: '1', BUN_ENABLE_CRASH_REPORTING: '0' },
    ],
  ])('turns Bun crash reporting off as official 0.3.332 does: %s', (_case, given, crashVars) => {
    const env = withCrashReportingOff(
      buildCliEnv(given === undefined ? {} : { env: given }, { PATH: '/bin' }),
      'linux',
    );
    expect(Object.fromEntries(Object.entries(env).filter(([key]) => /crash/i.test(key)))).toEqual(crashVars);
  });

  it('reads the crash variables in any letter case on Windows, as the official SDK does there', () => {
    expect(withCrashReportingOff({ bun_enable_crash_reporting: '1' }, 'win32')).not.toHaveProperty(
      'BUN_ENABLE_CRASH_REPORTING',
    );
    const env: Record<string, string | undefined> = withCrashReportingOff({ bun_enable_crash_reporting: '' }, 'win32');
    expect(env).not.toHaveProperty('bun_enable_crash_reporting');
    expect(env['BUN_ENABLE_CRASH_REPORTING']).toBe('0');
  });
});
