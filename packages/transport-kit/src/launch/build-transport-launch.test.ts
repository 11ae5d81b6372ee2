import { describe, expect, it } from 'vitest';
import { buildTransportLaunch } from './build-transport-launch.js';

describe('buildTransportLaunch', () => {
  it('asks the CLI for start-up marks, locally and remotely, only when the context reads them', () => {
    const plain = buildTransportLaunch({ env: { PATH: '/bin' } });
    expect(plain.env).not.toHaveProperty('CLAUDE_CODE_SDK_READS_STARTUP_MARKS');
    expect(plain.remoteEnv).not.toHaveProperty('CLAUDE_CODE_SDK_READS_STARTUP_MARKS');

    const warm = buildTransportLaunch({ env: { PATH: '/bin' } }, { readsStartupMarks: true });
    expect(warm.env['CLAUDE_CODE_SDK_READS_STARTUP_MARKS']).toBe('1');
    expect(warm.remoteEnv['CLAUDE_CODE_SDK_READS_STARTUP_MARKS']).toBe('1');

    const inherited = buildTransportLaunch(
      {},
      { readsStartupMarks: true, processEnv: { PATH: '/bin', claude_code_sdk_reads_startup_marks: '0' } },
    );
    expect(inherited.env).toMatchObject({ claude_code_sdk_reads_startup_marks: '0' });
    expect(inherited.env).not.toHaveProperty('CLAUDE_CODE_SDK_READS_STARTUP_MARKS');
  });
});
