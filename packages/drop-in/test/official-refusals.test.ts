/**
 * Every input hexagent still refuses with InvalidOptionError, against the official SDK 0.3.332 on
 * the real CLI (2.1.332, the workspace's) and the scripted model: each row shows that hexagent
 * refuses it before anything runs, and that the official SDK fails on it too, either by throwing
 * before it spawns the CLI (`official`) or because the CLI it spawned refuses the input (`cli`:
 * the run throws, here with the CLI's exit). Rows marked `hexagent-only` are options the official
 * `Options` does not have. A program that works on the official SDK therefore never meets one of
 * these refusals; the inputs hexagent used to refuse and now passes on are in
 * packages/sdk/test/e2e/official-parity-0-3-332.test.ts and transport-cli's build-cli-args tests.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  query as officialQuery,
  createSdkMcpServer as officialServer,
  tool as officialTool,
  type SpawnOptions,
} from '@anthropic-ai/claude-agent-sdk';
import { createSdkMcpServer, InvalidOptionError, type Options, query, tool } from '@hexagent/sdk';
import { hermeticCliEnv, ScriptedModelServer, text } from '@hexagent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
/** The CLI both SDKs run: the workspace's (transport-cli pins it). */
const CLI = join(
  dirname(
    require.resolve('@anthropic-ai/claude-code/package.json', {
      paths: [join(import.meta.dirname, '../../transport-cli')],
    }),
  ),
  'bin',
  'claude.exe',
);
const OFFICIAL_DTS = readFileSync(join(dirname(require.resolve('@anthropic-ai/claude-agent-sdk')), 'sdk.d.ts'), 'utf8');

/** How the official SDK fails on the input: before spawning, or through the CLI it spawned. */
type Verdict = 'official' | 'cli' | 'hexagent-only';
type Row = [name: string, options: Record<string, unknown>, option: string, verdict: Verdict];

const store = { append: async () => {}, load: async () => null };
const uuid = '00000000-0000-4000-8000-000000000000';

const ROWS: Row[] = [
  // The official SDK throws before it spawns anything.
  ['fallbackModel equal to model', { model: 'claude-x', fallbackModel: 'claude-x' }, 'fallbackModel', 'official'],
  [
    'canUseTool with permissionPromptToolName',
    { canUseTool: async () => ({ behavior: 'allow' }), permissionPromptToolName: 'mcp__x__y' },
    'permissionPromptToolName',
    'official',
  ],
  [
    'sandbox with a settings file path',
    { sandbox: { enabled: false }, settings: '/tmp/s.json' },
    'sandbox',
    'official',
  ],
  [
    'sandbox with settings that are not JSON',
    { sandbox: { enabled: false }, settings: '{bad}' },
    'settings',
    'official',
  ],
  ['skills not a list', { skills: 'some' }, 'skills', 'official'],
  ['skills: a wildcard', { skills: ['*'] }, 'skills[0]', 'official'],
  ['skills: a slash command', { skills: ['/greet'] }, 'skills[0]', 'official'],
  ['skills: a padded name', { skills: [' greet'] }, 'skills[0]', 'official'],
  ['skills: parentheses', { skills: ['a(b)'] }, 'skills[0]', 'official'],
  ['skills: a trailing backslash', { skills: ['a\\'] }, 'skills[0]', 'official'],
  ['skills: an empty name', { skills: [''] }, 'skills[0]', 'official'],
  ['a plugin that is not local', { plugins: [{ type: 'remote', path: 'x' }] }, 'plugins[0]', 'official'],
  ['plugins not a list', { plugins: 'x' }, 'plugins', 'official'],
  ['allowedTools not a list', { allowedTools: 'Read' }, 'allowedTools', 'official'],
  ['settingSources not a list', { settingSources: 'user' }, 'settingSources', 'official'],
  ['an unknown mcpServersDelivery', { mcpServersDelivery: 'stdin' }, 'mcpServersDelivery', 'official'],
  ['an unknown pluginDelivery', { pluginDelivery: 'stdin' }, 'pluginDelivery', 'official'],
  [
    'supportedDialogKinds without onUserDialog',
    { supportedDialogKinds: ['refusal_fallback_prompt'] },
    'supportedDialogKinds',
    'official',
  ],
  [
    'sessionStore with persistSession: false',
    { sessionStore: store, persistSession: false },
    'sessionStore',
    'official',
  ],
  [
    'sessionStore with enableFileCheckpointing',
    { sessionStore: store, enableFileCheckpointing: true },
    'enableFileCheckpointing',
    'official',
  ],
  ['sessionStore without listSessions, with continue', { sessionStore: store, continue: true }, 'continue', 'official'],
  ['executableArgs not a list', { executableArgs: '--x' }, 'executableArgs', 'official'],
  [
    'hooks: an event that is not a list of matchers',
    { hooks: { PreToolUse: { hooks: [] } } },
    'hooks.PreToolUse',
    'official',
  ],
  [
    'hooks: a matcher whose hooks is not a list',
    { hooks: { PostToolUse: [{ matcher: 'Bash', hooks: 'x' }] } },
    'hooks.PostToolUse',
    'official',
  ],
  ['hooks: a matcher that is null', { hooks: { PermissionRequest: [null] } }, 'hooks.PermissionRequest', 'official'],
  ['spawnClaudeCodeProcess not a function', { spawnClaudeCodeProcess: 'spawn' }, 'spawnClaudeCodeProcess', 'official'],
  // The official SDK passes it on; the CLI refuses it at start.
  ['maxBudgetUsd 0', { maxBudgetUsd: 0 }, 'maxBudgetUsd', 'cli'],
  ['maxBudgetUsd NaN', { maxBudgetUsd: Number.NaN }, 'maxBudgetUsd', 'cli'],
  ['taskBudget.total 0', { taskBudget: { total: 0 } }, 'taskBudget.total', 'cli'],
  ['taskBudget.total fractional', { taskBudget: { total: 1.5 } }, 'taskBudget.total', 'cli'],
  ['sessionId not a UUID', { sessionId: 'not-a-uuid' }, 'sessionId', 'cli'],
  [
    'sessionId with resume, without forkSession',
    { sessionId: '00000000-0000-4000-8000-000000000001', resume: uuid },
    'sessionId',
    'cli',
  ],
  ['resumeSessionAt without resume', { resumeSessionAt: uuid }, 'resumeSessionAt', 'cli'],
  ['resumeDropsTurn without resumeSessionAt', { resume: uuid, resumeDropsTurn: 'u' }, 'resumeDropsTurn', 'cli'],
  ['an extraArgs name with the dashes', { extraArgs: { '--x': null } }, 'extraArgs.--x', 'cli'],
  ['an extraArgs name with =', { extraArgs: { 'a=b': 'c' } }, 'extraArgs.a=b', 'cli'],
  [
    'extraArgs overriding the output format',
    { extraArgs: { 'output-format': 'text' } },
    'extraArgs.output-format',
    'cli',
  ],
  ['extraArgs not an object', { extraArgs: 'x' }, 'extraArgs', 'cli'],
  // Options only hexagent has.
  ['maxMessageBytes 0', { maxMessageBytes: 0 }, 'maxMessageBytes', 'hexagent-only'],
  [
    'hookTimeoutMs 0 with hooks',
    { hookTimeoutMs: 0, hooks: { Stop: [{ hooks: [async () => ({})] }] } },
    'hookTimeoutMs',
    'hexagent-only',
  ],
  ['transport not a factory', { transport: {} }, 'transport', 'hexagent-only'],
];

let server: ScriptedModelServer;
let hermetic: Awaited<ReturnType<typeof hermeticCliEnv>>;
beforeAll(async () => {
  server = await ScriptedModelServer.start(() => ({ content: [text('fine')] }));
  hermetic = await hermeticCliEnv({ baseUrl: server.url });
});
afterAll(async () => {
  await server?.close();
  await hermetic?.cleanup();
});

/** What the official SDK does with `options`: whether it spawned the CLI, and how the run ended. */
async function runOfficial(options: Record<string, unknown>): Promise<{ spawned: boolean; error?: string }> {
  let spawned = false;
  const recorder = (spawnOptions: SpawnOptions) => {
    spawned = true;
    return spawn(spawnOptions.command, spawnOptions.args, {
      cwd: spawnOptions.cwd,
      env: spawnOptions.env,
      signal: spawnOptions.signal,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  };
  try {
    const run = officialQuery({
      prompt: 'hi',
      options: {
        pathToClaudeCodeExecutable: CLI,
        env: hermetic.env,
        mcpServersDelivery: 'initialize',
        // A row about spawnClaudeCodeProcess keeps its own value.
        ...('spawnClaudeCodeProcess' in options ? {} : { spawnClaudeCodeProcess: recorder }),
        ...options,
      } as never,
    });
    for await (const _ of run) {
      // Drained: a run that ends without throwing accepted the input.
    }
    return { spawned };
  } catch (error) {
    return { spawned, error: String((error as Error).message ?? error) };
  }
}

/** hexagent's refusal of `options`: thrown by query() itself, or by the run before anything is spawned. */
async function hexagentRefusal(options: Record<string, unknown>): Promise<unknown> {
  try {
    const run = query({
      prompt: 'hi',
      options: { pathToClaudeCodeExecutable: CLI, env: hermetic.env, ...options } as Options,
    });
    for await (const _ of run) {
      // A refusal throws before the first message.
    }
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('what hexagent refuses, the official SDK 0.3.332 fails on too', () => {
  it.each(ROWS)('%s', { timeout: 60_000 }, async (_name, options, option, verdict) => {
    const refused = await hexagentRefusal(options);
    expect(InvalidOptionError.isInstance(refused), `hexagent refuses it: ${String(refused)}`).toBe(true);
    expect((refused as InvalidOptionError).option).toBe(option);

    if (verdict === 'hexagent-only') {
      const name = option.split('.')[0] ?? option;
      expect(OFFICIAL_DTS, `${name} is not an official option`).not.toMatch(new RegExp(`\\n {4}${name}\\?:`));
      return;
    }
    const official = await runOfficial(options);
    expect(official.error, 'the official run fails').toBeDefined();
    expect(official.spawned, verdict === 'official' ? 'it fails before it spawns' : 'the CLI it spawned refuses').toBe(
      verdict === 'cli',
    );
  });
});

describe("what hexagent's tool() and createSdkMcpServer refuse, the official ones refuse too", () => {
  const handler = async () => ({ content: [{ type: 'text' as const, text: 'x' }] });
  const cases: Array<[string, (sdk: { tool: typeof tool; createSdkMcpServer: typeof createSdkMcpServer }) => unknown]> =
    [
      ['tools not a list', (sdk) => sdk.createSdkMcpServer({ name: 's', tools: 'x' as never })],
      ['a tool that is not an object', (sdk) => sdk.createSdkMcpServer({ name: 's', tools: [3 as never] })],
      [
        'two tools of one name',
        (sdk) =>
          sdk.createSdkMcpServer({
            name: 's',
            tools: [sdk.tool('t', 'd', {}, handler), sdk.tool('t', 'd', {}, handler)],
          }),
      ],
      [
        'an inputSchema that is no schema',
        (sdk) => sdk.createSdkMcpServer({ name: 's', tools: [sdk.tool('t', 'd', 3 as never, handler)] }),
      ],
    ];
  it.each(cases)('%s', (_name, make) => {
    expect(() => make({ tool, createSdkMcpServer })).toThrow(InvalidOptionError);
    expect(() => make({ tool: officialTool as never, createSdkMcpServer: officialServer as never })).toThrow();
  });
});
