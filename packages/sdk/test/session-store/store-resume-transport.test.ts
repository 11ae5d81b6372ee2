import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectDirName } from '@hexagent/compose';
import type { Options, SessionStoreEntry, TransportLaunch } from '@hexagent/core';
import { InMemorySessionStore, SessionStoreLoadError } from '@hexagent/core';
import { FakeCliTransport } from '@hexagent/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContainer } from '../../src/container.js';
import { TRANSPORT_FACTORY } from '../../src/index.js';
import { query } from '../../src/query.js';

const SID = '3a71bb1f-1592-41d8-94d2-8371184414f5';
const OLDER = '11111111-1111-4111-8111-111111111111';
const result = { type: 'result', subtype: 'success', is_error: false, result: 'ok', session_id: SID, num_turns: 1 };

/** What the launch says of the options it was built from: `--resume`, `--continue`, the env and cwd. */
interface Seen {
  resume: string | undefined;
  continue: true | undefined;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string | undefined;
}

function seenIn(launch: TransportLaunch): Seen {
  const resume = launch.args.find((arg) => arg.startsWith('--resume='))?.slice('--resume='.length);
  return { resume, continue: launch.args.includes('--continue') || undefined, env: launch.env, cwd: launch.cwd };
}

/** A query on the fake CLI; resolves with the launches its transports were made from. */
async function run(options: Options) {
  const made: Seen[] = [];
  const launches: TransportLaunch[] = [];
  // What this process's temporary directory holds when each transport is made.
  const tmpAtStart: string[][] = [];
  const container = createContainer();
  container.register(TRANSPORT_FACTORY, {
    useValue: (launch: TransportLaunch) => {
      made.push(seenIn(launch));
      launches.push(launch);
      tmpAtStart.push(readdirSync(tmpdir()));
      return new FakeCliTransport({
        autoInitialize: true,
        onSend: (message, cli) => {
          if (message.type === 'user') cli.emit(result);
        },
        onEndInput: (cli) => cli.finish(),
      });
    },
  });
  const messages = [];
  let error: unknown;
  try {
    for await (const message of query({ prompt: 'hi', options }, container)) messages.push(message);
  } catch (caught) {
    error = caught;
  }
  return { made, launches, tmpAtStart, messages, error };
}

const env = { CLAUDE_CONFIG_DIR: '/nonexistent/hx-config' };
const cwd = '/nonexistent/hx-project';
const projectKey = projectDirName(cwd, env);
const line = (uuid: string, extra: Record<string, unknown> = {}): SessionStoreEntry => ({
  type: 'user',
  uuid,
  ...extra,
});

/** What the transcripts on a launch hold, by path: the lines' uuids, or the meta file's object. */
function filesOf(launch: TransportLaunch | undefined): Record<string, unknown> {
  const files = launch?.resumeTranscripts?.files ?? [];
  return Object.fromEntries(
    files.map(({ path, content }) => [
      path,
      path.endsWith('.meta.json')
        ? JSON.parse(content)
        : content
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l).uuid),
    ]),
  );
}

// This process's temporary directory, of its own: a store resume writes nothing there.
let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'hexagent-store-resume-tmp-'));
  vi.stubEnv('TMPDIR', tmp);
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

describe('resume from a sessionStore (facade, fake CLI)', () => {
  it('hands the session and its sub-agents to the transport as data, and writes no config dir', async () => {
    const store = new InMemorySessionStore();
    await store.append({ projectKey, sessionId: SID }, [line('u1'), line('u2')]);
    await store.append({ projectKey, sessionId: SID, subpath: 'subagents/agent-a' }, [
      { type: 'agent_metadata', agentType: 'general-purpose' },
      line('x1'),
    ]);
    expect(tmpdir()).toBe(tmp);
    const { made, launches, tmpAtStart, error } = await run({ env, cwd, sessionStore: store, resume: SID });
    expect(error).toBeUndefined();
    expect(tmpAtStart).toEqual([[]]);
    expect(made).toHaveLength(1);
    expect(made[0]?.resume).toBe(SID);
    expect(filesOf(launches[0])).toEqual({
      [`${projectKey}/${SID}.jsonl`]: ['u1', 'u2'],
      [`${projectKey}/${SID}/subagents/agent-a.jsonl`]: ['x1'],
      [`${projectKey}/${SID}/subagents/agent-a.meta.json`]: { agentType: 'general-purpose' },
    });
    // The main transcript first; the transport (not the facade) writes a directory, where its CLI runs.
    expect(launches[0]?.resumeTranscripts?.files[0]?.path).toBe(`${projectKey}/${SID}.jsonl`);
    expect(made[0]?.env?.CLAUDE_CONFIG_DIR).toBe(env.CLAUDE_CONFIG_DIR);
    expect(launches[0]).not.toHaveProperty('resumeConfigDir');
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("an inherited environment stays inherited, and a CLI elsewhere is not told this machine's config dir", async () => {
    const store = new InMemorySessionStore();
    const here = projectDirName(cwd, process.env);
    await store.append({ projectKey: here, sessionId: SID }, [line('u1')]);
    const { launches, tmpAtStart, error } = await run({ cwd, sessionStore: store, resume: SID });
    expect(error).toBeUndefined();
    expect(tmpAtStart).toEqual([[]]);
    expect(launches[0]?.inheritsProcessEnv).toBe(true);
    expect(launches[0]?.remoteEnv).not.toHaveProperty('CLAUDE_CONFIG_DIR');
    expect(filesOf(launches[0])).toEqual({ [`${here}/${SID}.jsonl`]: ['u1'] });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('skips a sub-agent subpath that would leave the session directory', async () => {
    const store = new InMemorySessionStore();
    await store.append({ projectKey, sessionId: SID }, [line('u1')]);
    const subkeys = ['../escape', '/abs', 'subagents/../../x', 'subagents/agent-a'];
    const listing = {
      append: store.append.bind(store),
      load: async () => [line('u1')],
      listSubkeys: async () => subkeys,
    };
    const { launches, error } = await run({ env, cwd, sessionStore: listing, resume: SID });
    expect(error).toBeUndefined();
    expect(Object.keys(filesOf(launches[0]))).toEqual([
      `${projectKey}/${SID}.jsonl`,
      `${projectKey}/${SID}/subagents/agent-a.jsonl`,
    ]);
  });

  it('continue resumes the most recent session of the project', async () => {
    const store = new InMemorySessionStore();
    await store.append({ projectKey, sessionId: OLDER }, [line('old')]);
    // The time is the point: the sessions' modification times differ.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.append({ projectKey, sessionId: SID }, [line('new')]);
    const { made, launches } = await run({ env, cwd, sessionStore: store, continue: true });
    expect(made[0]?.resume).toBe(SID);
    expect(made[0]?.continue).toBeUndefined();
    expect(filesOf(launches[0])).toEqual({ [`${projectKey}/${SID}.jsonl`]: ['new'] });
  });

  it('a session the store does not have: the CLI resumes from its own config dir', async () => {
    const { made, launches } = await run({ env, cwd, sessionStore: new InMemorySessionStore(), resume: SID });
    expect(made[0]?.resume).toBe(SID);
    expect(made[0]?.env).toMatchObject(env);
    expect(made[0]?.env['CLAUDE_CONFIG_DIR']).toBe(env.CLAUDE_CONFIG_DIR);
    expect(launches[0]).not.toHaveProperty('resumeTranscripts');
  });

  it('a listSubkeys that rejects ends the query in SessionStoreLoadError, and starts no CLI', async () => {
    const store = new InMemorySessionStore();
    await store.append({ projectKey, sessionId: SID }, [line('u1')]);
    const broken = {
      append: store.append.bind(store),
      load: store.load.bind(store),
      listSubkeys: async () => {
        throw new Error('ECONNREFUSED');
      },
    };
    const { made, error } = await run({ env, cwd, sessionStore: broken, resume: SID });
    expect(made).toHaveLength(0);
    expect(SessionStoreLoadError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ operation: 'listSubkeys', timedOut: false, sessionId: SID });
    expect(String((error as Error).message)).toContain('ECONNREFUSED');
  });

  it('without resume or continue, spawns at once with --session-mirror options and maps frames under the config dir', async () => {
    const { made } = await run({ env, cwd, sessionStore: new InMemorySessionStore() });
    expect(made[0]?.env).toMatchObject(env);
    expect(made[0]?.env['CLAUDE_CONFIG_DIR']).toBe(env.CLAUDE_CONFIG_DIR);
    expect(made[0]?.resume).toBeUndefined();
  });
});
