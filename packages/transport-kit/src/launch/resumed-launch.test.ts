import { describe, expect, it } from 'vitest';
import { buildTransportLaunch } from './build-transport-launch.js';
import { PENDING_RESUME, resumedLaunch } from './resumed-launch.js';

const SID = '3a71bb1f-1592-41d8-94d2-8371184414f5';

describe('resumedLaunch', () => {
  it('puts the session id in place of the pending --resume and the transcripts on the launch, as data', () => {
    const launch = buildTransportLaunch({ resume: PENDING_RESUME, env: { CLAUDE_CONFIG_DIR: '/home/me/.claude' } });
    const transcripts = { files: [{ path: `-srv-work/${SID}.jsonl`, content: '{"type":"user"}\n' }] };
    const resumed = resumedLaunch(launch, { sessionId: SID, transcripts });
    expect(resumed.args).toContain(`--resume=${SID}`);
    expect(resumed.args.join(' ')).not.toContain(PENDING_RESUME);
    expect(resumed.resumeTranscripts).toBe(transcripts);
    // The local CLI's transport points CLAUDE_CONFIG_DIR at the directory it writes; a far side at its own.
    expect(resumed.env['CLAUDE_CONFIG_DIR']).toBe('/home/me/.claude');
    expect(resumed.remoteEnv).not.toHaveProperty('CLAUDE_CONFIG_DIR');
    expect(resumed).not.toHaveProperty('resumeConfigDir');
  });

  it('drops the pending --resume when the store has no session, and changes nothing else', () => {
    const launch = buildTransportLaunch({ resume: PENDING_RESUME, env: { CLAUDE_CONFIG_DIR: '/c' } });
    const resumed = resumedLaunch(launch, {});
    expect(resumed.args.some((arg) => arg.startsWith('--resume'))).toBe(false);
    expect(resumed).not.toHaveProperty('resumeTranscripts');
    expect(resumed.remoteEnv['CLAUDE_CONFIG_DIR']).toBe('/c');
  });
});
