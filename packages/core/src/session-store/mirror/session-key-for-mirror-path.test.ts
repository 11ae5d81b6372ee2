import { describe, expect, it } from 'vitest';
import { sessionKeyForMirrorPath } from './session-key-for-mirror-path.js';

const root = '/tmp/cfg/projects';

describe('sessionKeyForMirrorPath', () => {
  it('maps a main transcript to its project key and session id', () => {
    expect(sessionKeyForMirrorPath(`${root}/-tmp-proj/3a71bb1f.jsonl`, root)).toEqual({
      projectKey: '-tmp-proj',
      sessionId: '3a71bb1f',
    });
    expect(sessionKeyForMirrorPath(`${root}/-tmp-proj/3a71bb1f.jsonl`, `${root}/`)).toEqual({
      projectKey: '-tmp-proj',
      sessionId: '3a71bb1f',
    });
  });

  it('maps a sub-agent transcript to a subpath without .jsonl', () => {
    expect(sessionKeyForMirrorPath(`${root}/-p/s1/subagents/agent-abc.jsonl`, root)).toEqual({
      projectKey: '-p',
      sessionId: 's1',
      subpath: 'subagents/agent-abc',
    });
    expect(sessionKeyForMirrorPath(`${root}/-p/s1/a/b/c.jsonl`, root)?.subpath).toBe('a/b/c');
  });

  it('maps Windows separators', () => {
    expect(
      sessionKeyForMirrorPath('C:\\cfg\\projects\\C--app\\s1\\subagents\\agent-x.jsonl', 'C:\\cfg\\projects'),
    ).toEqual({ projectKey: 'C--app', sessionId: 's1', subpath: 'subagents/agent-x' });
  });

  it('has no key outside the projects dir, for three parts, a non-jsonl main file or ..', () => {
    expect(sessionKeyForMirrorPath('/elsewhere/projects/-p/s1.jsonl', root)).toBeUndefined();
    expect(sessionKeyForMirrorPath(`${root}-other/-p/s1.jsonl`, root)).toBeUndefined();
    expect(sessionKeyForMirrorPath(`${root}/-p/s1/x.jsonl`, root)).toBeUndefined();
    expect(sessionKeyForMirrorPath(`${root}/-p/s1.txt`, root)).toBeUndefined();
    expect(sessionKeyForMirrorPath(`${root}/-p`, root)).toBeUndefined();
    expect(sessionKeyForMirrorPath(`${root}/../-p/s1/subagents/a.jsonl`, root)).toBeUndefined();
  });
});
