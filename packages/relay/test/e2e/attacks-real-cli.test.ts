/**
 * Attacks on the relay with the real Claude Code CLI behind it (the `hexagent-relay` bin in a
 * process of its own, the CLI against the scripted model, offline): what a token holder or a
 * prompt-injected model could do on the relay's host through the CLI's own machinery.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
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
import { isRecord } from '../../src/screen/read-client-line.js';
import { killEach, processesWithArg } from '../helpers/processes.js';
import { rawRelayClient } from '../helpers/raw-relay-client.js';
import { isAlive, makeTempDir, removeTempDirs, TOKEN } from '../helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from '../helpers/relay-process.js';

/**
 * What the scripted model does for the latest prompt: a Bash command it names (`run: <command>`), a file to
 * write (`write: <path>`), then "done".
 */
function model(request: RecordedRequest) {
  const messages = request.body.messages ?? [];
  const last = messages[messages.length - 1];
  const answered = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
  if (answered) return { content: [text('done')] };
  // The test's own instruction, the latest user text that gives one: the CLI adds text blocks of its
  // own (its environment, the skills list, the date) around and after the prompt.
  const texts = messages
    .filter((message) => message.role === 'user')
    .flatMap((message) =>
      Array.isArray(message.content)
        ? message.content.flatMap((block) =>
            block.type === 'text' && typeof block.text === 'string' ? [block.text] : [],
          )
        : [String(message.content)],
    );
  const prompt = JSON.stringify(texts.findLast((text) => /^(write|run in background|run): /.test(text)) ?? '');
  const write = /write: ([^"\\]+)/.exec(prompt)?.[1];
  if (write !== undefined) return { content: [toolUse('Write', { file_path: write, content: 'written' })] };
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

describe('attack: a running CLI changed by what the client sends after the hello (one CLI, in turn)', () => {
  it('a marked line, set_permission_mode, set_cwd, variables and /config: refused; the CLI stays within the policy', async () => {
    const root = realpathSync(makeTempDir());
    const work = path.join(root, 'work');
    const other = path.join(root, 'other');
    mkdirSync(work);
    mkdirSync(other);
    const marker = path.join(root, 'mcp-ran');
    const url = await relay({ cwdRoots: [root] });
    const client = rawRelayClient(url, {
      type: 'relay_hello',
      argv: [
        '--output-format=stream-json',
        '--verbose',
        '--input-format=stream-json',
        '--permission-prompt-tool=stdio',
      ],
      env: {},
      cwd: work,
    });
    try {
      expect((await client.answer).ready, 'the CLI runs').toBeDefined();
      const send = (message: Record<string, unknown>) => client.socket.send(JSON.stringify(message));
      const request = async (id: string, body: Record<string, unknown>, raw?: Buffer) => {
        if (raw === undefined) send({ type: 'control_request', request_id: id, request: body });
        else client.socket.send(raw, { binary: false });
        const answer = await client.waitForLine((line) => isRecord(line.response) && line.response.request_id === id);
        return answer.response as Record<string, unknown>;
      };
      const turn = async (prompt: string, answerTool: (name: string) => Record<string, unknown>) => {
        const before = client.lines.length;
        send({ type: 'user', message: { role: 'user', content: prompt }, parent_tool_use_id: null, session_id: '' });
        const answered = new Set<unknown>();
        const asked: string[] = [];
        for (;;) {
          const line = await client.waitForLine(
            (candidate) =>
              client.lines.indexOf(candidate) >= before &&
              (candidate.type === 'result' ||
                (candidate.type === 'control_request' &&
                  isRecord(candidate.request) &&
                  candidate.request.subtype === 'can_use_tool' &&
                  !answered.has(candidate.request_id))),
            60_000,
          );
          if (line.type === 'result') return asked;
          const { tool_name: tool } = line.request as { tool_name: string };
          answered.add(line.request_id);
          asked.push(tool);
          send({
            type: 'control_response',
            response: { subtype: 'success', request_id: line.request_id, response: answerTool(tool) },
          });
        }
      };
      expect(await request('init', { subtype: 'initialize' })).toMatchObject({ subtype: 'success' });

      // A byte order mark before a stdio MCP server: the CLI strips the mark; the relay reads it too.
      const bom = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(
          JSON.stringify({
            type: 'control_request',
            request_id: 'mcp',
            request: {
              subtype: 'mcp_set_servers',
              servers: { evil: { type: 'stdio', command: 'sh', args: ['-c', `touch ${marker}`] } },
            },
          }),
        ),
      ]);
      expect(await request('mcp', {}, bom)).toMatchObject({
        subtype: 'error',
        error: expect.stringMatching(/not allowed/),
      });

      // A mode the command line refuses, set afterwards.
      expect(await request('mode', { subtype: 'set_permission_mode', mode: 'acceptEdits' })).toMatchObject({
        subtype: 'error',
        error: expect.stringMatching(/--permission-mode is not allowed/),
      });
      // A directory outside the roots, with the trust the CLI asks for already given.
      expect(
        await request('out', { subtype: 'set_cwd', path: '/etc', trust_accepted: true, trusted_directory: '/etc' }),
      ).toMatchObject({ subtype: 'error' });
      // One inside them is taken: the CLI moves there (after asking to trust it).
      let moved = await request('in', { subtype: 'set_cwd', path: other });
      if ((moved.response as { status?: string }).status === 'needs_trust') {
        moved = await request('in2', {
          subtype: 'set_cwd',
          path: other,
          trust_accepted: true,
          trusted_directory: other,
        });
      }
      expect(moved).toMatchObject({ subtype: 'success', response: { status: 'ok', cwd: other } });
      // The model's Bash runs there, and its Write asks the client first (the mode is still the default).
      // (`pwd` is read-only: the CLI may run it without asking; what counts is where it ran.)
      await turn('run: pwd', () => ({ behavior: 'allow', updatedInput: { command: 'pwd', description: 'run' } }));
      expect(JSON.stringify(server.toolResults().at(-1)?.content)).toContain(other);
      const file = path.join(other, 'f.txt');
      expect(await turn(`write: ${file}`, () => ({ behavior: 'deny', message: 'no' }))).toContain('Write');
      expect(existsSync(file), 'the Write ran without asking').toBe(false);
      // Credentials swapped in the running CLI: a variable the hello could not set either.
      expect(
        await request(
          'env',
          {},
          Buffer.from(
            JSON.stringify({
              type: 'update_environment_variables',
              request_id: 'env',
              variables: { CLAUDE_CODE_OAUTH_TOKEN: 'x' },
            }),
          ),
        ),
      ).toMatchObject({
        subtype: 'error',
      });
      // The stdio server never started.
      const status = await request('status', { subtype: 'mcp_status' });
      expect(JSON.stringify(status)).not.toContain('evil');
      expect(existsSync(marker), 'the MCP server command ran').toBe(false);

      // The user settings every later CLI reads, written by a slash command: the connection ends first.
      send({
        type: 'user',
        message: { role: 'user', content: '/config permissionMode=acceptEdits' },
        parent_tool_use_id: null,
        session_id: '',
      });
      expect(await client.closed).toBe(4403);
      expect(client.errors).toMatchObject([{ reason: 'message_not_allowed' }]);
      const settings = path.join(hermetic.configDir, 'settings.json');
      expect(existsSync(settings) ? readFileSync(settings, 'utf8') : '').not.toContain('acceptEdits');
    } finally {
      client.close();
    }
  }, 180_000);
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
