import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchResumeTranscripts, readResumeTranscripts } from './read-resume-transcripts.js';

const dir = mkdtempSync(join(tmpdir(), 'hexagent-ws-resume-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readResumeTranscripts', () => {
  it('reads every transcript and meta file under projects/, by its /-separated path, and nothing else', async () => {
    const sid = '3a71bb1f-1592-41d8-94d2-8371184414f5';
    const sub = join(dir, 'projects', '-srv-work', sid, 'subagents');
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(dir, 'projects', '-srv-work', `${sid}.jsonl`), 'main\n');
    writeFileSync(join(sub, 'agent-a.jsonl'), 'sub\n');
    writeFileSync(join(sub, 'agent-a.meta.json'), '{}');
    writeFileSync(join(sub, 'notes.txt'), 'not a transcript');
    writeFileSync(join(dir, '.credentials.json'), '{"secret":"stays here"}');
    writeFileSync(join(dir, 'settings.json'), '{}');
    expect(await readResumeTranscripts(dir)).toEqual({
      files: [
        { path: `-srv-work/${sid}.jsonl`, content: 'main\n' },
        { path: `-srv-work/${sid}/subagents/agent-a.jsonl`, content: 'sub\n' },
        { path: `-srv-work/${sid}/subagents/agent-a.meta.json`, content: '{}' },
      ],
    });
  });

  it('rejects when there is no projects directory', async () => {
    await expect(readResumeTranscripts(join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('launchResumeTranscripts', () => {
  it("gives a launch's loaded transcripts without touching its directory, else reads the directory, else nothing", async () => {
    const files = [{ path: '-srv-work/s.jsonl', content: 'loaded\n' }];
    const gone = join(dir, 'never-written');
    expect(await launchResumeTranscripts({ resumeConfigDir: gone, resumeTranscripts: { files } })).toEqual({ files });
    await expect(launchResumeTranscripts({ resumeConfigDir: gone })).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await launchResumeTranscripts({})).toBeUndefined();
  });
});
