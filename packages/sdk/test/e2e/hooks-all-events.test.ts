import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ClaudeClient,
  HOOK_EVENTS,
  type HookEvent,
  type HookInput,
  type HookJSONOutput,
  type SDKMessage,
} from '@hexagent/sdk';
import { apiError, byPrompt, TestScope, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';

const scope = new TestScope();
afterEach(() => scope.cleanup());

/** A git repository with a CLAUDE.md and a project command `/hello`. */
function project(): string {
  const cwd = scope.tempDir('hexagent-hooks-');
  writeFileSync(join(cwd, 'CLAUDE.md'), '# Project rules\nBe nice.\n');
  mkdirSync(join(cwd, '.claude', 'commands'), { recursive: true });
  writeFileSync(
    join(cwd, '.claude', 'commands', 'hello.md'),
    '---\ndescription: say hello\n---\nSay hello to $ARGUMENTS\n',
  );
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'init');
  return cwd;
}

/**
 * The events the workspace CLI (2.1.332; the same set as 2.1.329) fires in this run (HOOKS.md),
 * InstructionsLoaded aside (it races with start-up). PreSkillShellCommand needs a skill's shell
 * line: official-parity-0-3-332.test.ts.
 */
const FIRED: HookEvent[] = [
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'Stop',
  'StopFailure',
  'SubagentStart',
  'SubagentStop',
  'MessageDisplay',
  'Notification',
  'Elicitation',
  'ElicitationResult',
  'TaskCreated',
  'TaskCompleted',
  'WorktreeCreate',
  'WorktreeRemove',
  'PreModelSwitch',
  'PostModelSwitch',
  'ConfigChange',
  'PreCompact',
  'PostCompact',
  'SessionStart',
];

interface Fired {
  event: HookEvent;
  toolUseID: string | undefined;
  input: HookInput;
}

describe('every hook event against the real CLI', () => {
  it('registers all 34 events and serves those the CLI fires', async () => {
    const cwd = project();
    const worktreeDir = scope.tempDir('hexagent-wt-');
    const fired: Fired[] = [];
    const outputs: Partial<Record<HookEvent, HookJSONOutput>> = {
      WorktreeCreate: { hookSpecificOutput: { hookEventName: 'WorktreeCreate', worktreePath: worktreeDir } },
    };
    const hooks = Object.fromEntries(
      HOOK_EVENTS.map((event) => [
        event,
        [
          {
            hooks: [
              async (input: HookInput, toolUseID: string | undefined) => {
                fired.push({ event, toolUseID, input });
                return outputs[event] ?? {};
              },
            ],
          },
        ],
      ]),
    );
    const harness = await scope.startCliHarness(
      byPrompt({
        TOOLS: { content: [toolUse('Bash', { command: 'echo hi', description: 'echo' }, 'toolu_echo')] },
        'tool_result:echo': { content: [toolUse('Bash', { command: 'exit 3', description: 'fail' }, 'toolu_fail')] },
        SPAWNSUB: {
          content: [
            toolUse(
              'Agent',
              {
                description: 'sub task',
                prompt: 'SUBTASK: reply sub done',
                subagent_type: 'general-purpose',
                run_in_background: false,
              },
              'toolu_agent',
            ),
          ],
        },
        SUBTASK: { content: [text('sub done')] },
        FAILNOW: apiError(400, 'invalid_request_error', 'scripted failure'),
        TASKS: { content: [toolUse('TaskCreate', { subject: 'Do X', description: 'Do the X thing' }, 'toolu_tc')] },
        'tool_result:tc': { content: [toolUse('TaskUpdate', { taskId: '1', status: 'completed' }, 'toolu_tu')] },
        WORKTREE: { content: [toolUse('EnterWorktree', { name: 'wt1' }, 'toolu_ewt')] },
        'tool_result:ewt': {
          content: [toolUse('ExitWorktree', { action: 'remove', discard_changes: true }, 'toolu_xwt')],
        },
        ELICIT: { content: [toolUse('mcp__ext__ask', {}, 'toolu_elicit')] },
      }),
    );
    const server = fileURLToPath(new URL('./fixtures/elicitation-mcp-server.mjs', import.meta.url));
    const client = new ClaudeClient({
      env: harness.env,
      cwd,
      model: 'claude-sonnet-4-5',
      settingSources: ['project'],
      hooks,
      mcpServers: { ext: { type: 'stdio', command: process.execPath, args: [server] } },
      allowedTools: ['mcp__ext__ask'],
      canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }),
      onElicitation: async () => ({ action: 'accept', content: { name: 'Alice' } }),
    });
    const all: SDKMessage[] = [];
    const turn = async (prompt: string) => {
      await client.query(prompt);
      for await (const message of client.receiveResponse()) all.push(message);
    };
    try {
      await client.connect();
      await turn('TOOLS please');
      await turn('SPAWNSUB please');
      await turn('/hello world');
      await turn('FAILNOW please');
      await turn('TASKS please');
      await turn('WORKTREE please');
      await turn('ELICIT please');
      await client.setModel('claude-haiku-4-5');
      // Written behind the CLI's back: its settings watcher fires ConfigChange.
      writeFileSync(join(cwd, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Read'] } }));
      await vi.waitFor(() => expect(fired.map((entry) => entry.event)).toContain('ConfigChange'), {
        timeout: 10_000,
        interval: 50,
      });
      await turn('/compact');
    } finally {
      await client.close();
    }

    const events = new Set(fired.map((entry) => entry.event));
    for (const event of FIRED) expect(events, event).toContain(event);
    // Nothing else fired (SessionEnd, CwdChanged, FileChanged, DirectoryAdded, PermissionDenied,
    // Setup and TeammateIdle are not fired by this run, as in HOOKS.md); InstructionsLoaded races
    // with initialize at start-up.
    expect([...events].filter((event) => !FIRED.includes(event) && event !== 'InstructionsLoaded')).toEqual([]);
    expect(HOOK_EVENTS.filter((event) => !events.has(event))).toEqual(
      expect.arrayContaining(['SessionEnd', 'CwdChanged', 'FileChanged', 'DirectoryAdded', 'PermissionDenied']),
    );

    const first = (event: HookEvent, where: (input: Record<string, unknown>) => boolean = () => true) => {
      const found = fired.find((entry) => entry.event === event && where(entry.input as Record<string, unknown>));
      expect(found, event).toBeDefined();
      return found as Fired;
    };
    for (const { event, input } of fired) {
      expect(input, event).toMatchObject({
        hook_event_name: event,
        session_id: expect.any(String),
        transcript_path: expect.stringMatching(/\.jsonl$/),
        cwd: expect.any(String),
      });
    }
    // tool_use_id: the tool's id for the tool events, some other id for the rest.
    const bashFail = (input: Record<string, unknown>) => input.tool_use_id === 'toolu_fail';
    expect(first('PreToolUse').toolUseID).toBe('toolu_echo');
    expect(first('PermissionRequest').toolUseID).toBe('toolu_fail');
    expect(first('Stop').toolUseID).toEqual(expect.any(String));

    expect(first('PreToolUse').input).toMatchObject({
      tool_name: 'Bash',
      tool_input: { command: 'echo hi', description: 'echo' },
      tool_use_id: 'toolu_echo',
    });
    expect(first('PostToolUse').input).toMatchObject({
      tool_name: 'Bash',
      tool_response: { stdout: 'hi', stderr: '', interrupted: false },
      tool_use_id: 'toolu_echo',
      duration_ms: expect.any(Number),
    });
    expect(first('PermissionRequest').input).toMatchObject({
      tool_name: 'Bash',
      tool_input: { command: 'exit 3', description: 'fail' },
      permission_suggestions: [
        {
          type: 'addRules',
          rules: [{ toolName: 'Bash', ruleContent: 'exit 3' }],
          behavior: 'allow',
          destination: 'localSettings',
        },
      ],
    });
    expect(first('PostToolUseFailure', bashFail).input).toMatchObject({
      tool_name: 'Bash',
      error: 'Exit code 3',
      is_interrupt: false,
    });
    expect(first('PostToolBatch').input).toMatchObject({
      tool_calls: [
        {
          tool_name: 'Bash',
          tool_input: { command: 'echo hi', description: 'echo' },
          tool_use_id: 'toolu_echo',
          tool_response: 'hi',
        },
      ],
    });
    expect(first('UserPromptSubmit').input).toMatchObject({ prompt: 'TOOLS please' });
    expect(first('UserPromptExpansion').input).toMatchObject({
      expansion_type: 'slash_command',
      command_name: 'hello',
      command_args: 'world',
      command_source: 'projectSettings',
      prompt: '/hello world',
    });
    expect(first('Stop').input).toMatchObject({
      stop_hook_active: false,
      last_assistant_message: 'done',
      background_tasks: [],
      session_crons: [],
    });
    expect(first('StopFailure').input).toMatchObject({
      error: 'unknown',
      last_assistant_message: 'API Error: 400 scripted failure',
    });
    const subagent = first('SubagentStart').input as Record<string, unknown>;
    expect(subagent).toMatchObject({ agent_id: expect.any(String), agent_type: 'general-purpose' });
    expect(first('SubagentStop', (input) => input.agent_id === subagent.agent_id).input).toMatchObject({
      agent_type: 'general-purpose',
      stop_hook_active: false,
      agent_transcript_path: expect.stringContaining(`agent-${String(subagent.agent_id)}.jsonl`),
      last_assistant_message: 'sub done',
    });
    expect(first('MessageDisplay').input).toMatchObject({ index: 0, final: true, delta: 'done' });
    expect(first('Elicitation').input).toMatchObject({
      mcp_server_name: 'ext',
      message: 'What is your name?',
      mode: 'form',
      requested_schema: { type: 'object', required: ['name'] },
    });
    expect(first('ElicitationResult').input).toMatchObject({
      mcp_server_name: 'ext',
      mode: 'form',
      action: 'accept',
      content: { name: 'Alice' },
    });
    expect(first('Notification').input).toMatchObject({
      message: 'Elicitation response for server "ext": accept',
      notification_type: 'elicitation_response',
    });
    const task = { task_id: '1', task_subject: 'Do X', task_description: 'Do the X thing' };
    expect(first('TaskCreated').input).toMatchObject(task);
    expect(first('TaskCompleted').input).toMatchObject(task);
    // The WorktreeCreate hook's worktreePath is the worktree the CLI entered and later removed.
    expect(first('WorktreeCreate').input).toMatchObject({ name: 'wt1' });
    expect(
      first('PostToolUse', (input) => input.tool_name === 'EnterWorktree').input as Record<string, unknown>,
    ).toMatchObject({ tool_response: { worktreePath: worktreeDir } });
    expect(first('WorktreeRemove').input).toMatchObject({ worktree_path: worktreeDir });
    const modelSwitch = { from_model: 'claude-sonnet-4-5', to_model: 'claude-haiku-4-5', source: 'sdk' };
    expect(first('PreModelSwitch').input).toMatchObject(modelSwitch);
    expect(first('PostModelSwitch').input).toMatchObject(modelSwitch);
    expect(first('ConfigChange').input).toMatchObject({
      source: 'project_settings',
      file_path: join(cwd, '.claude', 'settings.json'),
    });
    expect(first('PreCompact').input).toMatchObject({ trigger: 'manual', custom_instructions: null });
    expect(first('PostCompact').input).toMatchObject({ trigger: 'manual', compact_summary: expect.any(String) });
    expect(first('SessionStart').input).toMatchObject({ source: 'compact', model: 'claude-haiku-4-5' });
    for (const { input } of fired.filter((entry) => entry.event === 'InstructionsLoaded')) {
      expect(input).toMatchObject({ file_path: join(cwd, 'CLAUDE.md'), memory_type: 'Project' });
    }
    expect(all.filter((message) => message.type === 'result')).toHaveLength(8);
  }, 120_000);
});
