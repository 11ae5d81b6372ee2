/**
 * CliTransport with a launch resumed from a store: the transcripts come as data
 * (`resumeTranscripts`); the transport writes them to a private config directory at `start()`
 * (the kit's `writeResumeConfigDir`), runs the CLI there, reports it, and removes it at `close()`,
 * on a failed start, and when closed while starting.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InboundMessage, SpawnOptions, TransportLaunch } from '@hexagent/core';
import { isRunning } from '@hexagent/testing';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../test/helpers/checks.js';
import { INFO, standInCli } from '../test/helpers/stand-in.js';
import { makeTempDir, removeTempDirs } from '../test/helpers/temp-dirs.js';
import { CliTransport } from './cli-transport.js';

const SID = '3a71bb1f-1592-41d8-94d2-8371184414f5';
const transcripts = {
  files: [
    { path: `-srv-work/${SID}.jsonl`, content: '{"type":"user","uuid":"u1"}\n' },
    { path: `-srv-work/${SID}/subagents/agent-a.meta.json`, content: '{"agentType":"x"}' },
  ],
};
const transports: CliTransport[] = [];

afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  removeTempDirs();
});

/** The CLI's own config dir, with credentials and settings to copy, and the launch's environment naming it. */
function userConfig(): Record<string, string | undefined> {
  const own = makeTempDir();
  writeFileSync(join(own, '.credentials.json'), '{"token":"t"}');
  writeFileSync(join(own, 'settings.json'), '{"model":"x"}');
  return { PATH: process.env['PATH'], CLAUDE_CONFIG_DIR: own };
}

function resumed(launch: TransportLaunch): CliTransport {
  const transport = new CliTransport({ ...launch, resumeTranscripts: transcripts }, { closeTimeoutMs: 2_000 });
  transports.push(transport);
  return transport;
}

describe('CliTransport resuming a session from its transcripts', () => {
  it('writes them with copies of the config files to a private dir, runs the CLI there, reports it, and removes it at close', async () => {
    const path = standInCli(INFO);
    const transport = resumed(buildTransportLaunch({ pathToClaudeCodeExecutable: path, env: userConfig() }));
    await transport.start();
    const dir = transport.cliConfigDir ?? '';
    expect(dir).toMatch(/claude-resume-/);
    const info = (await transport.messages()[Symbol.asyncIterator]().next()).value as InboundMessage;
    expect((info['env'] as Record<string, string>)['CLAUDE_CONFIG_DIR']).toBe(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const main = join(dir, 'projects', '-srv-work', `${SID}.jsonl`);
    expect(readFileSync(main, 'utf8')).toBe('{"type":"user","uuid":"u1"}\n');
    expect(statSync(main).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'projects', '-srv-work', SID, 'subagents', 'agent-a.meta.json'), 'utf8')).toBe(
      '{"agentType":"x"}',
    );
    expect(readFileSync(join(dir, '.credentials.json'), 'utf8')).toBe('{"token":"t"}');
    expect(readdirSync(dir).sort()).toEqual(['.credentials.json', 'projects', 'settings.json']);
    await transport.close();
    expect(existsSync(dir)).toBe(false);
    expect(transport.cliConfigDir).toBe(dir);
  });

  it('writes nothing and reports no dir for a launch without transcripts', async () => {
    const env = userConfig();
    const transport = new CliTransport(buildTransportLaunch({ pathToClaudeCodeExecutable: standInCli(INFO), env }));
    transports.push(transport);
    await transport.start();
    const info = (await transport.messages()[Symbol.asyncIterator]().next()).value as InboundMessage;
    expect((info['env'] as Record<string, string>)['CLAUDE_CONFIG_DIR']).toBe(env['CLAUDE_CONFIG_DIR']);
    expect(transport.cliConfigDir).toBeUndefined();
  });

  it('removes the dir when the start fails', async () => {
    let seen: string | undefined;
    const spawner = (options: SpawnOptions): never => {
      seen = options.env['CLAUDE_CONFIG_DIR'];
      expect(existsSync(join(seen ?? '', 'projects', '-srv-work', `${SID}.jsonl`))).toBe(true);
      throw new Error('no process today');
    };
    const launch = buildTransportLaunch({
      pathToClaudeCodeExecutable: standInCli(INFO),
      spawnClaudeCodeProcess: spawner,
      env: userConfig(),
    });
    const transport = resumed(launch);
    expect(await rejectionOf(transport.start())).toBeInstanceOf(Error);
    expect(seen).toMatch(/claude-resume-/);
    expect(existsSync(seen ?? '')).toBe(false);
  });

  it('removes the dir, and leaves no CLI, when closed while starting', async () => {
    const transport = resumed(
      buildTransportLaunch({ pathToClaudeCodeExecutable: standInCli(INFO), env: userConfig() }),
    );
    const starting = transport.start().catch(() => undefined);
    await transport.close();
    await starting;
    const dir = transport.cliConfigDir;
    expect(dir).toMatch(/claude-resume-/);
    expect(existsSync(dir ?? '')).toBe(false);
    if (transport.pid !== undefined) expect(isRunning(transport.pid)).toBe(false);
  });
});
