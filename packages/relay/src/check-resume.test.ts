import { describe, expect, it } from 'vitest';
import { checkResume } from './check-resume.js';

const KEY = '-srv-work-repo';
const SID = '3a71bb1f-1592-41d8-94d2-8371184414f5';
const main = { path: `${KEY}/${SID}.jsonl`, content: '{"type":"user"}\n' };

describe('checkResume', () => {
  it("accepts one session's main transcript and its sub-agents' files, in the CLI's project", () => {
    const files = [
      main,
      { path: `${KEY}/${SID}/subagents/agent-a1.jsonl`, content: '{}\n' },
      { path: `${KEY}/${SID}/subagents/agent-a1.meta.json`, content: '{}' },
    ];
    expect(checkResume({ files }, KEY)).toEqual(files);
  });

  it('refuses a path that could leave the directory or is no transcript', () => {
    for (const path of [
      `../${SID}.jsonl`,
      `${KEY}/../${SID}.jsonl`,
      `/${KEY}/${SID}.jsonl`,
      `${KEY}/${SID}/../../x.jsonl`,
      `${KEY}/./${SID}.jsonl`,
      `${KEY}\\${SID}.jsonl`,
      `${KEY}/.${SID}.jsonl`,
      `${KEY}/${SID}.json`,
      `${KEY}/${SID}/subagents/agent-a1.sh`,
      `${KEY}/not-a-uuid.jsonl`,
      `${KEY}//${SID}.jsonl`,
      `${KEY}`,
    ]) {
      expect(checkResume({ files: [main, { path, content: '' }] }, KEY), path).toMatchObject({
        reason: 'bad_hello',
        message: expect.stringMatching(/^resume: /),
      });
    }
  });

  it("refuses transcripts of another project, saying to give the query the relay's cwd", () => {
    const refused = checkResume({ files: [{ ...main, path: `-var-task/${SID}.jsonl` }] }, KEY);
    expect(refused).toMatchObject({ reason: 'bad_hello' });
    expect((refused as { message: string }).message).toMatch(/project -var-task.*project -srv-work-repo.*options\.cwd/);
  });

  it('refuses two sessions, a missing main transcript, and a malformed list', () => {
    const other = '11111111-1111-4111-8111-111111111111';
    expect(checkResume({ files: [main, { path: `${KEY}/${other}.jsonl`, content: '' }] }, KEY)).toMatchObject({
      message: expect.stringContaining('one session'),
    });
    expect(checkResume({ files: [{ path: `${KEY}/${SID}/subagents/agent-a.jsonl`, content: '' }] }, KEY)).toMatchObject(
      { message: expect.stringContaining('main transcript') },
    );
    expect(checkResume({ files: [] }, KEY)).toMatchObject({ reason: 'bad_hello' });
    for (const resume of [null, 'x', {}, { files: 'x' }, { files: [{ path: main.path }] }, { files: [null] }]) {
      expect(checkResume(resume, KEY), JSON.stringify(resume)).toMatchObject({ reason: 'bad_hello' });
    }
  });
});
