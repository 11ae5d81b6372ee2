import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectDirName } from '@hexagent/compose';
import type { Options, SessionStoreEntry, TransportLaunch } from '@hexagent/core';
import { InMemorySessionStore, SessionStoreLoadError } from '@hexagent/core';
import { FakeCliTransport } from '@hexagent/testing';
import { describe, expect, it } from 'vitest';
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

/** A query on the fake CLI; resolves with the launches its transports were made from and the config dir's files seen at start. */
async function run(options: Options) {
  const made: Seen[] = [];
  const launches: TransportLaunch[] = [];
  const seenAtStart: Array<{
    dir: string;
    main: string | undefined;
    sub: string | undefined;
    meta: string | undefined;
  }> = [];
  const container = createContainer();
  container.register(TRANSPORT_FACTORY, {
    useValue: (launch: TransportLaunch) => {
      const given = seenIn(launch);
      made.push(given);
      launches.push(launch);
      const dir = launch.resumeConfigDir;
      if (dir !== undefined) {
        const project = join(dir, 'projects', projectDirName(given.cwd, given.env ?? {}));
        const read = (file: string) =>
          existsSync(join(project, file)) ? readFileSync(join(project, file), 'utf8') : undefined;
        seenAtStart.push({
          dir,
          main: read(`${given.resume}.jsonl`),
          sub: read(`${given.resume}/subagents/agent-a.jsonl`),
          meta: read(`${given.resume}/subagents/agent-a.meta.json`),
        });
      }
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
  return { made, launches, seenAtStart, messages, error };
}

const env = { CLAUDE_CONFIG_DIR: '/nonexistent/hx-config' };
const cwd = '/nonexistent/hx-project';
const projectKey = projectDirName(cwd, env);
const line = (uuid: string, extra: Record<string, unknown> = {}): SessionStoreEntry => ({
  type: 'user',
  uuid,
  ...extra,
});

describe('resume from a sessionStore (facade, fake CLI)', () => {
  it('writes the session and its sub-agents into a temporary config dir, resumes there, and removes it at the end', async () => {
    const store = new InMemorySessionStore();
    await store.append({ projectKey, sessionId: SID }, [line('u1'), line('u2')]);
    await store.append({ projectKey, sessionId: SID, subpath: 'subagents/agent-a' }, [
      { type: 'agent_metadata', agentType: 'general-purpose' },
      line('x1'),
    ]);
    const { made, launches, seenAtStart, error } = await run({ env, cwd, sessionStore: store, resume: SID });
    expect(error).toBeUndefined();
    expect(made).toHaveLength(1);
    expect(made[0]?.resume).toBe(SID);
    const seen = seenAtStart[0];
    expect(seen?.dir).toMatch(/claude-resume-/);
    // Given an environment, the transport gets the directory in it too.
    expect(made[0]?.env?.CLAUDE_CONFIG_DIR).toBe(seen?.dir);
    expect(launches[0]?.resumeConfigDir).toBe(seen?.dir);
    expect(
      seen?.main
        ?.trim()
        .split('\n')
        .map((l) => JSON.parse(l).uuid),
    ).toEqual(['u1', 'u2']);
    expect(
      seen?.sub
        ?.trim()
        .split('\n')
        .map((l) => JSON.parse(l).uuid),
    ).toEqual(['x1']);
    expect(JSON.parse(seen?.meta ?? '{}')).toEqual({ agentType: 'general-purpose' });
    expect(existsSync(seen?.dir ?? '/')).toBe(false);
  });

  it("an inherited environment stays inherited: the directory goes only in the launch (a remote transport must not get this process's env)", async () => {
    const store = new InMemorySessionStore();
    const here = projectDirName(cwd, process.env);
    await store.append({ projectKey: here, sessionId: SID }, [line('u1')]);
    const { launches, seenAtStart, error } = await run({ cwd, sessionStore: store, resume: SID });
    expect(error).toBeUndefined();
    expect(launches[0]?.inheritsProcessEnv).toBe(true);
    expect(launches[0]?.resumeConfigDir).toMatch(/claude-resume-/);
    // The local CLI resumes from the loaded copy; a CLI elsewhere is not told this machine's path.
    expect(launches[0]?.env['CLAUDE_CONFIG_DIR']).toBe(launches[0]?.resumeConfigDir);
    expect(launches[0]?.remoteEnv).not.toHaveProperty('CLAUDE_CONFIG_DIR');
    expect(seenAtStart[0]?.main?.trim()).toBe(JSON.stringify(line('u1')));
  });

  it('continue resumes the most recent session of the project', async () => {
    const store = new InMemorySessionStore();
    await store.append({ projectKey, sessionId: OLDER }, [line('old')]);
    // The time is the point: the sessions' modification times differ.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.append({ projectKey, sessionId: SID }, [line('new')]);
    const { made } = await run({ env, cwd, sessionStore: store, continue: true });
    expect(made[0]?.resume).toBe(SID);
    expect(made[0]?.continue).toBeUndefined();
    expect(made[0]?.env?.CLAUDE_CONFIG_DIR).toMatch(/claude-resume-/);
  });

  it('a session the store does not have: the CLI resumes from its own config dir', async () => {
    const { made, launches } = await run({ env, cwd, sessionStore: new InMemorySessionStore(), resume: SID });
    expect(made[0]?.resume).toBe(SID);
    expect(made[0]?.env).toMatchObject(env);
    expect(made[0]?.env['CLAUDE_CONFIG_DIR']).toBe(env.CLAUDE_CONFIG_DIR);
    expect(launches[0]).not.toHaveProperty('resumeConfigDir');
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
