/**
 * Attacks on the relay with the real Claude Code CLI behind it (the `hexagent-relay` bin in a
 * process of its own, the CLI against the scripted model, offline): what a token holder or a
 * prompt-injected model could do on the relay's host through the CLI's own machinery.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Options, query, type SDKMessage } from '@hexagent/sdk';
import type { TransportLaunch } from '@hexagent/sdk/adapters';
import {
  type HermeticCliEnv,
  hermeticCliEnv,
  type RecordedRequest,
  ScriptedModelServer,
  text,
  toolUse,
} from '@hexagent/testing';
import { findClaudeCli } from '@hexagent/transport-cli';
import { RelayRefusedError, type WebSocketTransport, webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cgroupV2Available } from '../../src/process-tree/cgroup-v2.js';
import { killEach, processesWithArg } from '../helpers/processes.js';
import { rawRelayClient } from '../helpers/raw-relay-client.js';
import { isAlive, makeTempDir, removeTempDirs, TOKEN } from '../helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from '../helpers/relay-process.js';

/** What the scripted model does: a Bash command named in the prompt (`run: <command>`), then "done". */
function model(request: RecordedRequest) {
  const messages = request.body.messages ?? [];
  const last = messages[messages.length - 1];
  const answered = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
  if (answered) return { content: [text('done')] };
  const prompt = JSON.stringify(messages[0]?.content ?? '');
  const background = /run in background: ([^"\\]+)/.exec(prompt)?.[1];
  if (background !== undefined) {
    return { content: [toolUse('Bash', { command: background, run_in_background: true, description: 'bg' })] };
  }
  const command = /run: ([^"\\]+)/.exec(prompt)?.[1];
  return command === undefined
    ? { content: [text('nothing to run')] }
    : { content: [toolUse('Bash', { command, description: 'run' })] };
}

let server: ScriptedModelServer;
let hermetic: HermeticCliEnv;
const relays: ChildProcess[] = [];
const leftovers = new Set<number>();

beforeAll(async () => {
  server = await ScriptedModelServer.start(model);
  hermetic = await hermeticCliEnv({ baseUrl: server.url });
}, 60_000);
afterEach(async () => {
  await Promise.all(relays.splice(0).map(stopRelayProcess));
  killEach(leftovers);
  leftovers.clear();
});
afterAll(async () => {
  await server?.close();
  await hermetic?.cleanup();
  removeTempDirs();
});

/** The variables of the hermetic environment, which the relay passes to its CLI. */
const hermeticNames = () => Object.keys(hermetic.env).filter((name) => hermetic.env[name] !== undefined);

async function relay(config: Record<string, unknown> = {}): Promise<string> {
  const { relay: child, url } = await startRelayProcess(
    { cliPath: findClaudeCli({}), killTimeoutMs: 2000, inheritEnv: hermeticNames(), ...config },
    hermetic.env,
  );
  relays.push(child);
  return url;
}

/** Runs `prompt` through the relay at `url`; resolves with the messages and the error it ended with. */
async function run(url: string, prompt: string, options: Options = {}, made: WebSocketTransport[] = []) {
  const factory = webSocketTransport({ url, token: TOKEN });
  const messages: SDKMessage[] = [];
  const transport = (launch: TransportLaunch) => {
    const t = factory(launch);
    made.push(t);
    return t;
  };
  const error = await (async () => {
    for await (const message of query({
      prompt,
      options: { allowedTools: ['Bash'], maxTurns: 3, ...options, transport },
    })) {
      messages.push(message);
    }
  })().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return { messages, error, made };
}

/** Every file under `dir`, its text. */
function textsUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file, 'utf8'));
}

describe('attack: the relay token through the real CLI', () => {
  it('the Bash tool (`env`), a settings hook and a stdio MCP server see no token; the model and the transcript get none', async () => {
    const dir = makeTempDir();
    const hookFile = path.join(dir, 'hook-env');
    const mcpFile = path.join(dir, 'mcp-env');
    // The operator's own settings (the relay's HOME): a command hook before each Bash call.
    writeFileSync(
      path.join(hermetic.configDir, 'settings.json'),
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `env > ${hookFile}` }] }] },
      }),
    );
    const mcpScript = path.join(dir, 'mcp-env.mjs');
    writeFileSync(
      mcpScript,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(mcpFile)}, JSON.stringify(process.env));\n`,
    );
    try {
      const url = await relay({ allowClientMcpServers: 'all' });
      const { messages, error } = await run(url, 'run: env', {
        mcpServers: { envdump: { type: 'stdio', command: process.execPath, args: [mcpScript] } },
      });
      expect(error).toBeUndefined();
      expect(messages.find((m) => m.type === 'result')).toMatchObject({ subtype: 'success' });
      // The Bash tool ran `env`, and its output reached the model: without the token.
      const bash = server.toolResults().at(-1);
      expect(JSON.stringify(bash?.content)).toContain('PATH=');
      for (const request of server.requests) expect(request.rawBody).not.toContain(TOKEN);
      expect(readFileSync(hookFile, 'utf8')).toContain('PATH=');
      expect(readFileSync(hookFile, 'utf8')).not.toContain(TOKEN);
      await expect.poll(() => existsSync(mcpFile), { timeout: 10_000 }).toBe(true);
      expect(readFileSync(mcpFile, 'utf8')).not.toContain(TOKEN);
      expect(readFileSync(mcpFile, 'utf8')).not.toContain('HEXAGENT_RELAY_TOKEN');
      const transcripts = textsUnder(path.join(hermetic.configDir, 'projects'));
      expect(transcripts.length).toBeGreaterThan(0);
      for (const transcript of transcripts) expect(transcript).not.toContain(TOKEN);
    } finally {
      writeFileSync(path.join(hermetic.configDir, 'settings.json'), '{}');
    }
  }, 90_000);
});

describe("attack: the CLI's own parser and defaults", () => {
  it('`-disallowedTools doctor` (the CLI would run its doctor subcommand) is refused', async () => {
    const url = await relay();
    const client = rawRelayClient(url, {
      type: 'relay_hello',
      argv: ['--output-format=stream-json', '--verbose', '--input-format=stream-json', '-disallowedTools', 'doctor'],
      env: {},
    });
    const answer = await client.answer;
    client.close();
    expect(answer.ready, 'the CLI ran').toBeUndefined();
    expect(answer.error?.reason).toBe('flag_not_allowed');
  }, 60_000);

  it('permissionMode bypassPermissions is refused by default', async () => {
    const url = await relay();
    const { error, messages } = await run(url, 'run: id', {
      permissionMode: 'bypassPermissions',
      allowDangerouslySkipPermissions: true,
    });
    expect(messages).toEqual([]);
    expect(RelayRefusedError.isInstance(error), String(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'flag_not_allowed' });
  }, 60_000);

  it("a hook in the cwd's project settings (a file a client can write) does not run", async () => {
    const root = makeTempDir();
    const marker = path.join(root, 'project-hook-ran');
    mkdirSync(path.join(root, '.claude'));
    writeFileSync(
      path.join(root, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `touch ${marker}` }] }] },
      }),
    );
    const url = await relay({ cwdRoots: [root] });
    const { error } = await run(url, 'run: true', { cwd: root });
    expect(error).toBeUndefined();
    expect(existsSync(marker), 'the project hook ran').toBe(false);
  }, 60_000);

  it('a stdio MCP server sent by the client is refused before the CLI starts; its command never runs', async () => {
    const marker = path.join(makeTempDir(), 'mcp-ran');
    const url = await relay();
    const { error } = await run(url, 'run: true', {
      mcpServers: { evil: { type: 'stdio', command: 'sh', args: ['-c', `touch ${marker}`] } },
    });
    expect(RelayRefusedError.isInstance(error), String(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'mcp_server_not_allowed' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(existsSync(marker)).toBe(false);
  }, 60_000);
});

const modes = [
  ['cgroup', cgroupV2Available()],
  ['proc', true],
] as const;
for (const [mode, available] of modes) {
  describe.runIf(available)(`attack: the CLI SIGKILLed mid-tool leaves nothing running (tracking: ${mode})`, () => {
    for (const [what, prompt, args] of [
      // The CLI's Bash tool refuses a command that starts with a long `sleep`: node processes wait instead.
      [
        'a background and a foreground process',
        "run: node -e 'setTimeout(() => {}, 1234500)' & node -e 'setTimeout(() => {}, 1235500)'",
        ['setTimeout(() => {}, 1234500)', 'setTimeout(() => {}, 1235500)'],
      ],
      ['a run_in_background sleep', 'run in background: sleep 1236.5', ['1236.5']],
    ] as const) {
      it(`${what}`, async () => {
        const url = await relay({ processTracking: mode });
        const made: WebSocketTransport[] = [];
        const done = run(url, prompt, {}, made);
        const sleeps = () => args.flatMap((arg) => processesWithArg(arg));
        await expect.poll(() => sleeps().length, { timeout: 30_000 }).toBe(args.length);
        const running = sleeps();
        for (const pid of running) leftovers.add(pid);
        const cliPid = made[0]?.remotePid ?? -1;
        expect(isAlive(cliPid)).toBe(true);
        leftovers.add(cliPid);
        process.kill(cliPid, 'SIGKILL');
        await expect.poll(() => running.filter(isAlive), { timeout: 10_000 }).toEqual([]);
        await done;
      }, 90_000);
    }
  });
}
