/**
 * Each rule is computed once per session, where the session is composed: the MCP servers are read
 * (checked and split) by one plan that goes as data to the launch and to the session, and a store
 * resume builds its launch once (completed, not rebuilt, once the session is loaded).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  InMemorySessionStore,
  type McpServerConfig,
  type Options,
  planMcpServers,
  type TransportLaunch,
} from '@hexagent/core';
import { FakeCliTransport } from '@hexagent/testing';
import * as kit from '@hexagent/transport-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSessionFactories, projectDirName, startQuery } from '../src/index.js';

vi.mock('@hexagent/transport-kit', async (importOriginal) => {
  const original = await importOriginal<typeof import('@hexagent/transport-kit')>();
  return { ...original, buildTransportLaunch: vi.fn(original.buildTransportLaunch) };
});

const SID = '3a71bb1f-1592-41d8-94d2-8371184414f5';
const result = { type: 'result', subtype: 'success', is_error: false, result: 'ok', session_id: SID };

const fakes: FakeCliTransport[] = [];
afterEach(async () => {
  vi.mocked(kit.buildTransportLaunch).mockClear();
  for (const fake of fakes.splice(0)) await fake.close();
});

/** Runs one query on the fake CLI to its end; resolves with the launches its transports were made from. */
async function runQuery(options: Options, atStart: (launch: TransportLaunch) => void = () => {}) {
  const launches: TransportLaunch[] = [];
  const factories = {
    ...defaultSessionFactories(),
    transportFactory: (launch: TransportLaunch) => {
      launches.push(launch);
      atStart(launch);
      const fake = new FakeCliTransport({
        autoInitialize: true,
        onSend: (message, cli) => {
          if (message.type === 'user') cli.emit(result);
        },
        onEndInput: (cli) => cli.finish(),
      });
      fakes.push(fake);
      return fake;
    },
  };
  const types: string[] = [];
  for await (const message of startQuery({ prompt: 'hi', options }, factories)) types.push(message.type);
  expect(types).toContain('result');
  return launches;
}

/** `servers` behind a proxy that counts how often their names are enumerated. */
function countingServers(servers: Record<string, McpServerConfig>) {
  let reads = 0;
  const proxy = new Proxy(servers, {
    ownKeys(target) {
      reads++;
      return Reflect.ownKeys(target);
    },
  });
  return { proxy, reads: () => reads };
}

describe('each rule once per session', () => {
  const servers = (): Record<string, McpServerConfig> => ({
    docs: { type: 'http', url: 'https://example.test/mcp' },
    local: { command: 'node', args: ['server.js'] },
  });

  it.each(['initialize', 'argv'] as const)(
    'reads mcpServers as one plan does, no more, from query() to the end (delivery %s)',
    async (mcpServersDelivery) => {
      const alone = countingServers(servers());
      planMcpServers({ mcpServers: alone.proxy, mcpServersDelivery });
      expect(alone.reads()).toBeGreaterThan(0);

      const session = countingServers(servers());
      const [launch] = await runQuery({ mcpServers: session.proxy, mcpServersDelivery });
      expect(session.reads()).toBe(alone.reads());
      // The plan reached the launch: its types, and the servers on argv when asked.
      expect(launch?.mcpServerTypes).toEqual({ docs: 'http', local: 'stdio' });
      expect(launch?.args.includes('--mcp-config')).toBe(mcpServersDelivery === 'argv');
    },
  );

  it('a store resume builds its launch once, and completes it with the loaded session', async () => {
    const env = { CLAUDE_CONFIG_DIR: '/nonexistent/hx-config' };
    const cwd = '/nonexistent/hx-project';
    const projectKey = projectDirName(cwd, env);
    const store = new InMemorySessionStore();
    const entry = { type: 'user', uuid: 'a1b2c3d4-0000-4000-8000-000000000001', message: { role: 'user' } };
    await store.append({ projectKey, sessionId: SID }, [entry]);
    // This process's temporary directory, of its own: the facade writes nothing there.
    const tmp = mkdtempSync(join(tmpdir(), 'hexagent-compose-tmp-'));
    vi.stubEnv('TMPDIR', tmp);
    let atStart: string[] | undefined;
    const [launch, ...others] = await runQuery({ sessionStore: store, continue: true, env, cwd }, () => {
      atStart = readdirSync(tmp);
    }).finally(() => vi.unstubAllEnvs());
    // Nothing there when the transport is made, nor after.
    expect(atStart).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
    rmSync(tmp, { recursive: true });
    expect(others).toEqual([]);
    expect(kit.buildTransportLaunch).toHaveBeenCalledTimes(1);
    expect(launch?.args.filter((arg) => arg.startsWith('--resume'))).toEqual([`--resume=${SID}`]);
    expect(launch?.args).not.toContain('--continue');
    expect(launch?.remoteEnv).not.toHaveProperty('CLAUDE_CONFIG_DIR');
    // The launch carries what was loaded, as data: no directory is written before the transport starts.
    expect(launch?.resumeTranscripts).toEqual({
      files: [{ path: `${projectKey}/${SID}.jsonl`, content: `${JSON.stringify(entry)}\n` }],
    });
    expect(launch?.env['CLAUDE_CONFIG_DIR']).toBe(env.CLAUDE_CONFIG_DIR);
  });

  it('a store resume that finds no session drops the pending --resume, with one launch', async () => {
    const launches = await runQuery({
      sessionStore: new InMemorySessionStore(),
      continue: true,
      env: { CLAUDE_CONFIG_DIR: '/nonexistent/hx-config' },
      cwd: '/nonexistent/hx-project',
    });
    expect(kit.buildTransportLaunch).toHaveBeenCalledTimes(1);
    expect(launches).toHaveLength(1);
    expect(launches[0]?.args.some((arg) => arg.startsWith('--resume'))).toBe(false);
    expect(launches[0]?.resumeTranscripts).toBeUndefined();
  });
});
