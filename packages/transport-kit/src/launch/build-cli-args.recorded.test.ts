/**
 * The command line of every option against the one the official SDK 0.3.330 wrote for it, run by
 * run, as recorded in /work/ref/wire/OPTIONS.md (`raw/<run>.jsonl`; temporary paths shortened).
 * Each row: the run, its options, the argv after the five fixed flags.
 */
import type { Options } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { BASE_CLI_ARGS, buildCliArgs } from './build-cli-args.js';

const allow = async () => ({ behavior: 'allow' as const });
const dialog = async () => null;
const ext = { command: 'node', args: ['/rec/mcp-server.mjs'] };
const extWithEnv = { ...ext, env: { EXT_SECRET_TOKEN: 'dummy' } };
const extJson = '{"mcpServers":{"ext":{"command":"node","args":["/rec/mcp-server.mjs"]}}}';
const extWithEnvJson =
  '{"mcpServers":{"ext":{"command":"node","args":["/rec/mcp-server.mjs"],"env":{"EXT_SECRET_TOKEN":"dummy"}}}}';
const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
const id = '09467992-bd41-4bd9-8364-8dc11499839e';
const fork = '5f6886a3-96bc-4771-94ca-43646fabbc63';
const at = '62e63a32-41d0-45be-857a-0de105408cab';
const drops = '4f097f6e-38c5-4daf-a91c-d00a1d425589';
const settingsHooks = {
  hooks: { SessionStart: [{ hooks: [{ type: 'command' as const, command: 'echo session-start-hook' }] }] },
};

const RECORDED: Array<[string, Options, string[]]> = [
  ['baseline', {}, []],
  [
    'agent-agents',
    { agent: 'reviewer', agents: { reviewer: { description: 'Reviews code', prompt: 'You are REVIEWER-AGENT.' } } },
    ['--agent=reviewer'],
  ],
  ['allow-dangerously-only', { allowDangerouslySkipPermissions: true }, ['--allow-dangerously-skip-permissions']],
  [
    'allowed-disallowed',
    { allowedTools: ['Read', 'Bash(ls:*)'], disallowedTools: ['WebFetch', 'Bash(rm:*)'] },
    ['--allowedTools=Read,Bash(ls:*)', '--disallowedTools=WebFetch,Bash(rm:*)'],
  ],
  ['can-use-tool', { canUseTool: allow }, ['--permission-prompt-tool=stdio']],
  ['checkpointing (env only)', { enableFileCheckpointing: true }, []],
  ['debug-file', { debugFile: '/tmp/rec-dbg/debug.txt' }, ['--debug-file=/tmp/rec-dbg/debug.txt']],
  ['debug-flag', { debug: true, stderr: () => {} }, ['--debug']],
  ['debugFile wins over debug', { debug: true, debugFile: '/tmp/d.txt' }, ['--debug-file=/tmp/d.txt']],
  ['dialogs (initialize only)', { onUserDialog: dialog, supportedDialogKinds: ['refusal_fallback_prompt'] }, []],
  [
    'dirs',
    { additionalDirectories: ['/tmp/rec-add1', '/tmp/rec-add2'], projectConfigRoot: '/tmp/rec-pcr' },
    ['--project-config-root=/tmp/rec-pcr', '--add-dir=/tmp/rec-add1', '--add-dir=/tmp/rec-add2'],
  ],
  ['effort-high', { effort: 'high' }, ['--effort=high']],
  ['effort-max', { effort: 'max' }, ['--effort=max']],
  ['effort-sonnet45', { model: 'claude-sonnet-4-5', effort: 'low' }, ['--effort=low', '--model=claude-sonnet-4-5']],
  [
    'elicit-accept',
    {
      mcpServers: { ext },
      mcpServersDelivery: 'argv',
      allowedTools: ['mcp__ext__ask', 'mcp__ext__askurl'],
      onElicitation: async () => ({ action: 'decline' }),
    },
    ['--allowedTools=mcp__ext__ask,mcp__ext__askurl', '--mcp-config', extJson],
  ],
  [
    'extra-args',
    { extraArgs: { 'replay-user-messages': null, 'append-system-prompt': '-starts with dash', name: 'rec-name' } },
    ['--replay-user-messages', '--append-system-prompt=-starts with dash', '--name', 'rec-name'],
  ],
  [
    'fallback-model-overloaded',
    { model: 'claude-sonnet-4-5', fallbackModel: 'claude-haiku-4-5' },
    ['--model=claude-sonnet-4-5', '--fallback-model=claude-haiku-4-5'],
  ],
  [
    'hook-events-settings',
    { includeHookEvents: true, settings: settingsHooks, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [] }] } },
    ['--include-hook-events', '--settings', JSON.stringify(settingsHooks)],
  ],
  [
    'hooks-all',
    {
      model: 'claude-sonnet-4-5',
      includeHookEvents: true,
      mcpServers: { ext },
      mcpServersDelivery: 'argv',
      allowedTools: ['mcp__ext__ask'],
      canUseTool: allow,
    },
    [
      '--model=claude-sonnet-4-5',
      '--permission-prompt-tool=stdio',
      '--allowedTools=mcp__ext__ask',
      '--mcp-config',
      extJson,
      '--include-hook-events',
    ],
  ],
  [
    'init-fields-misc',
    {
      includeHookEvents: true,
      includePartialMessages: true,
      forwardSubagentText: true,
      verbatimPrompts: true,
      promptSuggestions: true,
      agentProgressSummaries: true,
      title: 'My Title',
      perTaskStopAffordance: true,
    },
    ['--include-hook-events', '--include-partial-messages'],
  ],
  [
    'managed-settings',
    { managedSettings: { permissions: { deny: ['WebFetch'] }, disableAllHooks: true } },
    ['--managed-settings', '{"permissions":{"deny":["WebFetch"]},"disableAllHooks":true}'],
  ],
  ['max-budget-exceeded', { maxBudgetUsd: 0.0001 }, ['--max-budget-usd=0.0001']],
  ['max-turns-1', { maxTurns: 1 }, ['--max-turns=1']],
  ['maxThinkingTokens-0', { maxThinkingTokens: 0 }, ['--thinking=disabled']],
  ['maxThinkingTokens-8000', { maxThinkingTokens: 8000 }, ['--max-thinking-tokens=8000']],
  [
    "mcp-external-default (the official default, 'argv')",
    { mcpServers: { ext: extWithEnv }, mcpServersDelivery: 'argv' },
    ['--mcp-config', extWithEnvJson],
  ],
  [
    'mcp-external-initialize',
    {
      mcpServers: { ext: extWithEnv, web: { type: 'http', url: 'http://127.0.0.1:1/mcp', headers: { A: 'b' } } },
      mcpServersDelivery: 'initialize',
      allowedTools: ['mcp__ext__echo'],
    },
    ['--allowedTools=mcp__ext__echo', '--await-initialize'],
  ],
  [
    'mcp-strict',
    { mcpServers: { ext: extWithEnv }, mcpServersDelivery: 'argv', strictMcpConfig: true },
    ['--mcp-config', extWithEnvJson, '--strict-mcp-config'],
  ],
  [
    'methods',
    {
      mcpServers: { ext, calc: { type: 'sdk', name: 'calc', instance: {} } },
      mcpServersDelivery: 'argv',
      enableFileCheckpointing: true,
      permissionMode: 'acceptEdits',
      allowedTools: ['Bash'],
    },
    ['--allowedTools=Bash', '--mcp-config', extJson, '--permission-mode=acceptEdits'],
  ],
  [
    'model-limits-betas',
    {
      model: 'claude-sonnet-4-5',
      fallbackModel: 'claude-haiku-4-5',
      maxTurns: 3,
      maxBudgetUsd: 1.5,
      taskBudget: { total: 50000 },
      betas: ['context-1m-2025-08-07'],
    },
    [
      '--max-turns=3',
      '--max-budget-usd=1.5',
      '--task-budget=50000',
      '--model=claude-sonnet-4-5',
      '--betas=context-1m-2025-08-07',
      '--fallback-model=claude-haiku-4-5',
    ],
  ],
  ['output-format', { outputFormat: { type: 'json_schema', schema } }, [`--json-schema=${JSON.stringify(schema)}`]],
  ['partial-messages', { includePartialMessages: true }, ['--include-partial-messages']],
  [
    'perm-acceptEdits-write',
    { permissionMode: 'acceptEdits', canUseTool: allow },
    ['--permission-prompt-tool=stdio', '--permission-mode=acceptEdits'],
  ],
  ['perm-auto', { permissionMode: 'auto' }, ['--permission-mode=auto']],
  [
    'perm-bypass-allow',
    { permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true },
    ['--permission-mode=bypassPermissions', '--allow-dangerously-skip-permissions'],
  ],
  ['perm-default', { permissionMode: 'default' }, ['--permission-mode=default']],
  ['perm-dontAsk', { permissionMode: 'dontAsk' }, ['--permission-mode=dontAsk']],
  ['perm-plan', { permissionMode: 'plan', planModeInstructions: 'PLAN.' }, ['--permission-mode=plan']],
  [
    'permission-prompt-tool-name',
    { permissionPromptToolName: 'mcp__ext__echo', mcpServers: { ext: extWithEnv }, mcpServersDelivery: 'argv' },
    ['--permission-prompt-tool=mcp__ext__echo', '--mcp-config', extWithEnvJson],
  ],
  [
    'permission-prompts-none',
    { permissionPrompts: 'none', canUseTool: allow },
    ['--permission-prompt-tool=stdio', '--permission-prompts=none'],
  ],
  ['persist-false', { persistSession: false }, ['--no-session-persistence']],
  ['persistSession true (the default)', { persistSession: true }, []],
  [
    'plugins-argv',
    {
      plugins: [
        { type: 'local', path: '/tmp/rec-plugin-1' },
        { type: 'local', path: '/tmp/rec-plugin-2', skipMcpDiscovery: true },
      ],
    },
    ['--plugin-dir=/tmp/rec-plugin-1', '--plugin-dir-no-mcp=/tmp/rec-plugin-2'],
  ],
  [
    'plugins-initialize',
    { plugins: [{ type: 'local', path: '/tmp/rec-plugin-1' }], pluginDelivery: 'initialize' },
    ['--await-initialize'],
  ],
  ['prompt-suggestions (initialize only)', { promptSuggestions: true }, []],
  [
    'refusal-dialog',
    { fallbackModel: 'claude-sonnet-4-5', supportedDialogKinds: ['refusal_fallback_prompt'], onUserDialog: dialog },
    ['--fallback-model=claude-sonnet-4-5'],
  ],
  [
    'sandbox',
    { sandbox: { enabled: true, autoAllowBashIfSandboxed: true, network: { allowLocalBinding: true } } },
    [
      '--settings',
      '{"sandbox":{"enabled":true,"autoAllowBashIfSandboxed":true,"network":{"allowLocalBinding":true},"failIfUnavailable":true}}',
    ],
  ],
  [
    'sandbox-failopen',
    { sandbox: { enabled: true, failIfUnavailable: false } },
    ['--settings', '{"sandbox":{"enabled":true,"failIfUnavailable":false}}'],
  ],
  [
    'sandbox-with-settings',
    {
      settings: {
        permissions: { allow: ['Read'] },
        sandbox: {
          network: { allowUnixSockets: ['/tmp/x.sock'], httpProxyPort: 8080 },
          filesystem: { disabled: true },
        },
      },
      sandbox: { enabled: true, failIfUnavailable: false, network: { allowedDomains: ['example.com'] } },
    },
    [
      '--settings',
      '{"permissions":{"allow":["Read"]},"sandbox":{"network":{"allowUnixSockets":["/tmp/x.sock"],"allowedDomains":["example.com"]},"filesystem":{"disabled":true},"enabled":true,"failIfUnavailable":false}}',
    ],
  ],
  ['session-1-first', { sessionId: id }, [`--session-id=${id}`]],
  ['session-2-resume', { resume: id }, [`--resume=${id}`]],
  [
    'session-3-resume-fork',
    { resume: id, forkSession: true, sessionId: fork },
    [`--resume=${id}`, '--fork-session', `--session-id=${fork}`],
  ],
  ['session-4-resume-at', { resume: id, resumeSessionAt: at }, [`--resume=${id}`, `--resume-session-at=${at}`]],
  [
    'session-5-resume-drops-turn',
    { resume: id, resumeSessionAt: at, resumeDropsTurn: drops },
    [`--resume=${id}`, `--resume-session-at=${at}`, `--resume-drops-turn=${drops}`],
  ],
  ['session-6-continue', { continue: true }, ['--continue']],
  ['setting-sources-user-project', { settingSources: ['user', 'project'] }, ['--setting-sources=user,project']],
  ['setting-sources empty (isolated)', { settingSources: [] }, ['--setting-sources=']],
  [
    'settings-object',
    {
      settings: {
        permissions: { allow: ['Read'], deny: ['WebFetch'] },
        env: { FOO_FROM_SETTINGS: 'bar' },
        model: 'claude-haiku-4-5',
      },
    },
    [
      '--settings',
      '{"permissions":{"allow":["Read"],"deny":["WebFetch"]},"env":{"FOO_FROM_SETTINGS":"bar"},"model":"claude-haiku-4-5"}',
    ],
  ],
  ['settings-path', { settings: '/tmp/rec-settings/settings.json' }, ['--settings', '/tmp/rec-settings/settings.json']],
  ['skills-all', { skills: 'all', allowedTools: ['Read'] }, ['--allowedTools=Read,Skill']],
  [
    'skills-list',
    { skills: ['greet', 'recplug:greet'], plugins: [{ type: 'local', path: '/tmp/rec-plugin' }] },
    ['--allowedTools=Skill(greet),Skill(recplug:greet)', '--plugin-dir=/tmp/rec-plugin'],
  ],
  ['skills already allowed are not repeated', { skills: 'all', allowedTools: ['Skill'] }, ['--allowedTools=Skill']],
  [
    'thinking-adaptive-summarized',
    { thinking: { type: 'adaptive', display: 'summarized' } },
    ['--thinking=adaptive', '--thinking-display=summarized'],
  ],
  ['thinking-disabled', { thinking: { type: 'disabled' } }, ['--thinking=disabled']],
  [
    'thinking-enabled-budget',
    { thinking: { type: 'enabled', budgetTokens: 4000, display: 'omitted' } },
    ['--max-thinking-tokens=4000', '--thinking-display=omitted'],
  ],
  ['thinking-enabled-nobudget', { thinking: { type: 'enabled' } }, ['--thinking=adaptive']],
  [
    'thinking wins over maxThinkingTokens',
    { thinking: { type: 'adaptive' }, maxThinkingTokens: 100 },
    ['--thinking=adaptive'],
  ],
  [
    'thinking-sonnet45-enabled',
    { model: 'claude-sonnet-4-5', thinking: { type: 'enabled', budgetTokens: 4000 } },
    ['--max-thinking-tokens=4000', '--model=claude-sonnet-4-5'],
  ],
  [
    'tool-aliases',
    {
      toolAliases: { Bash: 'mcp__ext__echo' },
      mcpServers: { ext: extWithEnv },
      mcpServersDelivery: 'argv',
      allowedTools: ['mcp__ext__echo'],
    },
    ['--allowedTools=mcp__ext__echo', '--mcp-config', extWithEnvJson],
  ],
  ['tool-config (env only)', { toolConfig: { askUserQuestion: { previewFormat: 'html' } } }, []],
  ['tools-empty', { tools: [] }, ['--tools=']],
  ['tools-list', { tools: ['Read', 'Bash'] }, ['--tools=Read,Bash']],
  ['tools-preset', { tools: { type: 'preset', preset: 'claude_code' } }, ['--tools=default']],
];

describe('buildCliArgs against the official SDK’s recorded command lines', () => {
  it.each(RECORDED)('%s', (_run, options, expected) => {
    const args = buildCliArgs(options);
    expect(args.slice(0, BASE_CLI_ARGS.length)).toEqual([...BASE_CLI_ARGS]);
    expect(args.slice(BASE_CLI_ARGS.length)).toEqual(expected);
  });

  it('puts every flag in the official order', () => {
    const args = buildCliArgs({
      thinking: { type: 'adaptive' },
      effort: 'high',
      maxTurns: 2,
      maxBudgetUsd: 1,
      taskBudget: { total: 10 },
      model: 'm',
      agent: 'a',
      betas: ['context-1m-2025-08-07'],
      outputFormat: { type: 'json_schema', schema: {} },
      debug: true,
      permissionPromptToolName: 'mcp__p__t',
      permissionPrompts: 'host',
      resume: id,
      allowedTools: ['Read'],
      disallowedTools: ['Write'],
      tools: ['Read'],
      mcpServers: { ext },
      mcpServersDelivery: 'argv',
      settingSources: ['user'],
      strictMcpConfig: true,
      permissionMode: 'plan',
      allowDangerouslySkipPermissions: true,
      fallbackModel: 'f',
      includeHookEvents: true,
      includePartialMessages: true,
      projectConfigRoot: '/p',
      additionalDirectories: ['/d'],
      plugins: [{ type: 'local', path: '/plug' }],
      forkSession: true,
      resumeSessionAt: at,
      resumeDropsTurn: drops,
      sessionId: fork,
      persistSession: false,
      managedSettings: {},
      extraArgs: { x: null },
      settings: {},
      sandbox: { enabled: false },
    });
    expect(args.slice(BASE_CLI_ARGS.length).map((arg) => arg.split('=')[0])).toEqual([
      '--thinking',
      '--effort',
      '--max-turns',
      '--max-budget-usd',
      '--task-budget',
      '--model',
      '--agent',
      '--betas',
      '--json-schema',
      '--debug',
      '--permission-prompt-tool',
      '--permission-prompts',
      '--resume',
      '--allowedTools',
      '--disallowedTools',
      '--tools',
      '--mcp-config',
      extJson.split('=')[0],
      '--setting-sources',
      '--strict-mcp-config',
      '--permission-mode',
      '--allow-dangerously-skip-permissions',
      '--fallback-model',
      '--include-hook-events',
      '--include-partial-messages',
      '--project-config-root',
      '--add-dir',
      '--plugin-dir',
      '--fork-session',
      '--resume-session-at',
      '--resume-drops-turn',
      '--session-id',
      '--no-session-persistence',
      '--managed-settings',
      '{}',
      '--x',
      '--settings',
      '{"sandbox":{"enabled":false}}',
    ]);
  });
});

describe('the two-element flags', () => {
  it('write --flag=value when the value starts with -, so it is never read as a flag', () => {
    expect(buildCliArgs({ settings: '-weird.json' }).slice(BASE_CLI_ARGS.length)).toEqual(['--settings=-weird.json']);
    expect(buildCliArgs({ extraArgs: { name: '--help' } }).slice(BASE_CLI_ARGS.length)).toEqual(['--name=--help']);
    expect(buildCliArgs({ extraArgs: { name: '-' } }).slice(BASE_CLI_ARGS.length)).toEqual(['--name=-']);
  });

  it('fold sandbox into settings given as inline JSON text, and options.settings wins over extraArgs.settings', () => {
    expect(buildCliArgs({ settings: '{"model":"x"}', sandbox: { enabled: true } }).slice(BASE_CLI_ARGS.length)).toEqual(
      ['--settings', '{"model":"x","sandbox":{"enabled":true,"failIfUnavailable":true}}'],
    );
    expect(
      buildCliArgs({ extraArgs: { settings: '/from/extra.json' }, settings: '/from/option.json' }).slice(
        BASE_CLI_ARGS.length,
      ),
    ).toEqual(['--settings', '/from/option.json']);
  });
});
