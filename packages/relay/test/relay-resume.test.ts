/**
 * A session resumed from a store through the relay, with the stand-in CLI: the transcripts travel
 * in the hello (this machine's config files do not), the relay writes them into a private config
 * directory of the connection's own, runs the CLI with it, says where (`relay_ready.configDir`,
 * the transport's `cliConfigDir`), and removes it when the connection ends.
 */
import { mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type InboundMessage, projectKeyForPath } from '@hexagent/core';
import { TestScope } from '@hexagent/testing';
import { buildTransportLaunch, resumedLaunch } from '@hexagent/transport-kit';
import { RelayRefusedError, webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Relay } from '../src/index.js';
import { makeTempDir, relayFor, removeTempDirs, standInCli, TOKEN } from './helpers/relay-fixture.js';

const SID = '3a71bb1f-1592-41d8-94d2-8371184414f5';
// The stand-in reports its config directory and every file under projects/ there, then echoes.
const reportConfigDir = standInCli({
  echo: true,
  onStart: [
    {
      code: `
        const { readdirSync, readFileSync } = await import('node:fs');
        const { join, relative } = await import('node:path');
        const configDir = process.env.CLAUDE_CONFIG_DIR;
        const projects = join(configDir, 'projects');
        const files = {};
        try {
          for (const entry of readdirSync(projects, { recursive: true, withFileTypes: true })) {
            if (entry.isFile()) files[relative(projects, join(entry.parentPath, entry.name))] = readFileSync(join(entry.parentPath, entry.name), 'utf8');
          }
        } catch {}
        const top = readdirSync(configDir).sort();
        cli.send({ type: 'config_dir', configDir, files, top });
      `,
    },
  ],
});

let tmp: string;
let savedTmpdir: string | undefined;
let relayHome: string;
let root: string;
const scope = new TestScope();

beforeAll(() => {
  // The relay runs in this process: its temporary directories go where this test can count them.
  savedTmpdir = process.env.TMPDIR;
  tmp = makeTempDir();
  process.env.TMPDIR = tmp;
  relayHome = makeTempDir();
  mkdirSync(join(relayHome, '.claude'));
  writeFileSync(join(relayHome, '.claude', 'settings.json'), '{"relay":"settings"}');
  root = realpathSync(makeTempDir());
});
afterEach(() => scope.cleanup());
afterAll(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  removeTempDirs();
});

async function relay(): Promise<Relay> {
  const started = await relayFor(reportConfigDir, {
    cwdRoots: [root],
    env: { HOME: relayHome, CLAUDE_CONFIG_DIR: join(relayHome, '.claude') },
  });
  scope.defer(() => started.close());
  return started;
}

/** A launch resumed from a store, as the SDK's store resume makes it: the transcripts of `project`, as data. */
function resumedFrom(project: string) {
  return resumedLaunch(buildTransportLaunch({ cwd: root, resume: SID }), {
    sessionId: SID,
    transcripts: {
      files: [
        { path: `${project}/${SID}.jsonl`, content: '{"type":"user","uuid":"u1"}\n' },
        { path: `${project}/${SID}/subagents/agent-a.jsonl`, content: '{"type":"user","uuid":"x1"}\n' },
      ],
    },
  });
}

async function firstOfType(messages: AsyncIterable<InboundMessage>, type: string): Promise<Record<string, unknown>> {
  for await (const message of messages) if (message.type === type) return message as Record<string, unknown>;
  throw new Error(`no ${type} message`);
}

/** The resumed sessions' config directories, in the runtime directories of the relays of this process. */
const resumeDirs = () =>
  readdirSync(tmp)
    .filter((name) => name.startsWith(`hexagent-relay-${process.pid}-`))
    .flatMap((name) => readdirSync(join(tmp, name)).filter((entry) => entry.startsWith('hexagent-relay-resume-')));

describe('resuming a stored session through the relay', () => {
  it("runs the CLI in a config dir of the connection's own holding the transcripts, says where, and removes it", async () => {
    const r = await relay();
    const project = projectKeyForPath(root);
    const transport = webSocketTransport({ url: r.url, token: TOKEN })(resumedFrom(project));
    await transport.start();
    const seen = await firstOfType(transport.messages(), 'config_dir');
    expect(seen.configDir).toMatch(/hexagent-relay-resume-/);
    expect(transport.cliConfigDir).toBe(seen.configDir);
    expect(seen.files).toEqual({
      [join(project, `${SID}.jsonl`)]: '{"type":"user","uuid":"u1"}\n',
      [join(project, SID, 'subagents', 'agent-a.jsonl')]: '{"type":"user","uuid":"x1"}\n',
    });
    // The relay's own settings came along (its CLI's, not this machine's).
    expect(seen.top).toEqual(['projects', 'settings.json']);
    expect(resumeDirs()).toHaveLength(1);
    await transport.close();
    await r.close();
    expect(resumeDirs()).toEqual([]);
  });

  it("reports the relay CLI's own config dir for a new session", async () => {
    const r = await relay();
    const transport = webSocketTransport({ url: r.url, token: TOKEN })(buildTransportLaunch({ cwd: root }));
    await transport.start();
    const seen = await firstOfType(transport.messages(), 'config_dir');
    expect(seen.configDir).toBe(join(relayHome, '.claude'));
    expect(transport.cliConfigDir).toBe(join(relayHome, '.claude'));
    await transport.close();
  });

  it("refuses transcripts of another project than the CLI's cwd, and writes nothing", async () => {
    const r = await relay();
    const transport = webSocketTransport({ url: r.url, token: TOKEN })(resumedFrom('-var-task'));
    const error = await transport.start().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(RelayRefusedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'bad_hello', message: expect.stringContaining('options.cwd') });
    expect(resumeDirs()).toEqual([]);
  });
});
