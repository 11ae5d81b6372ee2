import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { TransportStartError } from '@hexagent/core';
import { afterAll, describe, expect, it } from 'vitest';
import { cliConfigDirFor, removeResumeConfigDir, writeResumeConfigDir } from './write-resume-config-dir.js';

const home = mkdtempSync(join(tmpdir(), 'hexagent-kit-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const SID = '3a71bb1f-1592-41d8-94d2-8371184414f5';

describe('writeResumeConfigDir', () => {
  it("writes the transcripts under projects/ (private), copies the CLI's own config files, and is removed", async () => {
    const own = join(home, '.claude');
    mkdirSync(own, { recursive: true });
    writeFileSync(join(own, 'settings.json'), '{"model":"x"}');
    writeFileSync(join(own, '.credentials.json'), '{"token":"t"}');
    writeFileSync(join(home, '.claude.json'), '{"hasCompletedOnboarding":true}');
    const files = [
      { path: `-srv-work/${SID}.jsonl`, content: '{"type":"user"}\n' },
      { path: `-srv-work/${SID}/subagents/agent-a.meta.json`, content: '{"agentType":"x"}' },
    ];
    const dir = await writeResumeConfigDir({ files }, { HOME: home });
    try {
      expect(dir).toMatch(/claude-resume-/);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      const main = join(dir, 'projects', '-srv-work', `${SID}.jsonl`);
      expect(readFileSync(main, 'utf8')).toBe('{"type":"user"}\n');
      expect(statSync(main).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, 'projects', '-srv-work', SID, 'subagents', 'agent-a.meta.json'), 'utf8')).toBe(
        '{"agentType":"x"}',
      );
      expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe('{"model":"x"}');
      expect(readFileSync(join(dir, '.credentials.json'), 'utf8')).toBe('{"token":"t"}');
      expect(readFileSync(join(dir, '.claude.json'), 'utf8')).toBe('{"hasCompletedOnboarding":true}');
      expect(existsSync(join(dir, '.config.json'))).toBe(false);
    } finally {
      await removeResumeConfigDir(dir);
    }
    expect(existsSync(dir)).toBe(false);
  });

  it('copies from CLAUDE_CONFIG_DIR when the CLI has one', async () => {
    const config = join(home, 'config');
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, '.claude.json'), '{"from":"config dir"}');
    const dir = await writeResumeConfigDir({ files: [] }, { HOME: home, CLAUDE_CONFIG_DIR: config });
    expect(readFileSync(join(dir, '.claude.json'), 'utf8')).toBe('{"from":"config dir"}');
    await removeResumeConfigDir(dir);
  });

  it('makes its directory where and as asked', async () => {
    const parent = mkdtempSync(join(home, 'parent-'));
    const dir = await writeResumeConfigDir({ files: [] }, { HOME: home }, { parent, prefix: 'relay-resume-' });
    expect(readdirSync(parent)).toEqual([basename(dir)]);
    expect(basename(dir)).toMatch(/^relay-resume-/);
    await removeResumeConfigDir(dir);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('refuses a path that would leave projects/ with a TransportStartError, and leaves no directory', async () => {
    const parent = mkdtempSync(join(home, 'parent-'));
    for (const path of ['../escape.jsonl', `-srv-work/../../escape.jsonl`, '/abs.jsonl', 'a\\..\\b.jsonl']) {
      const writing = writeResumeConfigDir({ files: [{ path, content: 'x' }] }, { HOME: home }, { parent });
      await expect(writing).rejects.toSatisfy((error: unknown) => TransportStartError.isInstance(error));
    }
    expect(readdirSync(parent)).toEqual([]);
    expect(existsSync(join(home, 'escape.jsonl'))).toBe(false);
  });

  it('cliConfigDirFor: CLAUDE_CONFIG_DIR, else ~/.claude of the given HOME', () => {
    expect(cliConfigDirFor({ CLAUDE_CONFIG_DIR: '/c', HOME: '/h' })).toBe('/c');
    expect(cliConfigDirFor({ HOME: '/h' })).toBe(join('/h', '.claude'));
  });
});
