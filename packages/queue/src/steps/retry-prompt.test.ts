import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectDirName } from '@hexagent/compose';
import { InMemorySessionStore } from '@hexagent/core';
import { afterEach, describe, expect, it } from 'vitest';
import { transcriptHoldsPrompt } from './retry-prompt.js';

const SID = '3a71bb1f-1592-41d8-94d2-8371184414f5';
const prompt = 'Summarise the report';
const entry = { type: 'user', uuid: 'u1', message: { role: 'user', content: [{ type: 'text', text: prompt }] } };

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('transcriptHoldsPrompt', () => {
  it('reads the transcript under the key the SDK mirrors to: the project dir name override', async () => {
    const env = { CLAUDE_CONFIG_DIR: '/nonexistent/hx-config', CLAUDE_CODE_PROJECT_DIR_NAME: 'my-project' };
    const store = new InMemorySessionStore();
    await store.append({ projectKey: projectDirName('/nonexistent/app', env), sessionId: SID }, [entry]);
    expect(await transcriptHoldsPrompt(store, SID, { cwd: '/nonexistent/app', env }, prompt)).toBe(true);
    expect(await transcriptHoldsPrompt(store, SID, { cwd: '/nonexistent/app', env: {} }, prompt)).toBe(false);
  });

  it('follows a symlinked cwd to its real path, as the CLI names its project dir', async () => {
    const root = await mkdtemp(join(tmpdir(), 'hx-retry-prompt-'));
    dirs.push(root);
    const link = join(root, 'link');
    await symlink(root, link);
    const store = new InMemorySessionStore();
    await store.append({ projectKey: projectDirName(root, {}), sessionId: SID }, [entry]);
    expect(await transcriptHoldsPrompt(store, SID, { cwd: link, env: {} }, prompt)).toBe(true);
    expect(await transcriptHoldsPrompt(store, SID, { cwd: link, env: {} }, 'another prompt')).toBe(false);
  });
});
