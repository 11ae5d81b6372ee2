/**
 * What official 0.3.332 programs do, on the real CLI: the inputs hexagent used to refuse and the
 * official SDK takes (an absolute `executable`, `bypassPermissions` without the opt-in, a hook event
 * this release does not know), the `PreSkillShellCommand` hook reached from a project command's `!`
 * shell line, and `setPermissionMode`'s answer. Each behaviour was recorded from the official SDK
 * 0.3.332 against the same CLI first (packages/drop-in/test/official-refusals.test.ts records the
 * refusals). Runs on the workspace's CLI, or on the one at HEXAGENT_E2E_CLI (the lowest supported:
 * `npm install @anthropic-ai/claude-code@2.1.197` in a temp dir), where the newer parts say what
 * the older CLI does instead.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ClaudeClient,
  type HookCallback,
  type HookInput,
  type HooksOptions,
  type Options,
  type PreSkillShellCommandHookInput,
  query,
} from '@hexagent/sdk';
import { type CliHarness, collect, lastResult, systemInit, TestScope, text } from '@hexagent/testing';
import { findClaudeCli, readCliVersion } from '@hexagent/transport-cli';
import { compareVersions } from '@hexagent/transport-kit';
import { afterEach, describe, expect, it } from 'vitest';

const cliPath = process.env.HEXAGENT_E2E_CLI || findClaudeCli({}, { cwd: import.meta.dirname });
const cliVersion = readCliVersion(cliPath) ?? '0.0.0';
/** The CLI fires PreSkillShellCommand from 2.1.332 on. */
const newCli = compareVersions(cliVersion, '2.1.332') >= 0;
const cli: Options = { pathToClaudeCodeExecutable: cliPath };

let harness: CliHarness | undefined;
const scope = new TestScope();
afterEach(() => scope.cleanup());

/** A project whose `/shelly` command runs `echo SHELL-OUTPUT-<args>` as a `!` shell line. */
function projectWithShellCommand(): string {
  const dir = scope.tempDir('hexagent-shell-cmd-');
  mkdirSync(join(dir, '.claude', 'commands'), { recursive: true });
  writeFileSync(
    join(dir, '.claude', 'commands', 'shelly.md'),
    '---\nallowed-tools: Bash(echo:*)\ndescription: a shell line\n---\nThe output: !`echo SHELL-OUTPUT-$ARGUMENTS`\nThen say ok.\n',
  );
  return dir;
}

/** The text of the command's expansion as the model received it. */
function expansionSeen(h: CliHarness): string {
  const body = JSON.stringify(h.server.messageRequests.at(-1)?.body.messages ?? []);
  return /The output: ([^\\]*)/.exec(body)?.[1] ?? '';
}

describe(`what official 0.3.332 programs pass, on CLI ${cliVersion}`, () => {
  it('executable: process.execPath runs (a native CLI ignores it, with one warning)', async () => {
    harness = await scope.startCliHarness([{ content: [text('ran')] }]);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const messages = await collect(
        query({
          prompt: 'hi',
          // As an editor's adapter passes it (the official type says a runtime's name).
          options: { ...cli, env: harness.env, executable: process.execPath as 'node' },
        }),
      );
      expect(lastResult(messages)).toMatchObject({ subtype: 'success', result: 'ran' });
      // Emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => (warning as Error & { code?: string }).code)).toContain(
      'HEXAGENT_EXECUTABLE_IGNORED',
    );
  });

  it("permissionMode 'bypassPermissions' without allowDangerouslySkipPermissions goes to the CLI, which decides", async () => {
    harness = await scope.startCliHarness([{ content: [text('bypassing')] }]);
    // As root the CLI refuses the mode outside a sandbox; IS_SANDBOX says this is one.
    const env = { ...harness.env, IS_SANDBOX: '1' };
    const messages = await collect(
      query({ prompt: 'hi', options: { ...cli, env, permissionMode: 'bypassPermissions' } }),
    );
    expect(systemInit(messages).permissionMode).toBe('bypassPermissions');
    expect(lastResult(messages)).toMatchObject({ subtype: 'success', result: 'bypassing' });
  });

  it('a hook event this release does not know goes to the CLI in initialize; the session runs', async () => {
    harness = await scope.startCliHarness([{ content: [text('still fine')] }]);
    const futureHook: HookCallback = async () => ({});
    const hooks = { FutureEvent: [{ hooks: [futureHook] }] } as unknown as HooksOptions;
    const messages = await collect(query({ prompt: 'hi', options: { ...cli, env: harness.env, hooks } }));
    expect(lastResult(messages)).toMatchObject({ subtype: 'success', result: 'still fine' });
  });
});

describe(`PreSkillShellCommand, on CLI ${cliVersion}`, () => {
  async function runShellCommand(
    answer: (input: PreSkillShellCommandHookInput) => ReturnType<HookCallback>,
    timeout?: number,
  ): Promise<{ fired: Array<{ input: HookInput; toolUseID: string | undefined }>; seen: string }> {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    const fired: Array<{ input: HookInput; toolUseID: string | undefined }> = [];
    const hooks: HooksOptions = {
      PreSkillShellCommand: [
        {
          hooks: [
            async (input, toolUseID) => {
              fired.push({ input, toolUseID });
              return answer(input as PreSkillShellCommandHookInput);
            },
          ],
          ...(timeout !== undefined && { timeout }),
        },
      ],
    };
    const cwd = projectWithShellCommand();
    const messages = await collect(
      query({ prompt: '/shelly X1', options: { ...cli, env: harness.env, cwd, settingSources: ['project'], hooks } }),
    );
    expect(lastResult(messages)).toMatchObject({ subtype: 'success', result: 'ok' });
    return { fired, seen: expansionSeen(harness) };
  }

  it("reaches the hook from a project command's `!` line, with the command as it would run", async () => {
    const { fired, seen } = await runShellCommand(async () => ({}));
    expect(seen).toBe('SHELL-OUTPUT-X1');
    if (!newCli) {
      // An older CLI has no such event: it ignores the registration, and the line runs.
      expect(fired).toEqual([]);
      return;
    }
    expect(fired).toHaveLength(1);
    expect(fired[0]?.input).toMatchObject({
      hook_event_name: 'PreSkillShellCommand',
      tool_name: 'Bash',
      tool_input: { command: 'echo SHELL-OUTPUT-X1' },
      command_name: 'shelly',
      command_source: 'projectSettings',
      invoked_by: 'user',
      tool_use_id: expect.any(String),
    });
    const [only] = fired;
    expect(only?.toolUseID).toBe((only?.input as PreSkillShellCommandHookInput | undefined)?.tool_use_id);
  });

  it.skipIf(!newCli)("a deny keeps the line from running; the model sees the hook's reason", async () => {
    const { seen } = await runShellCommand(async () => ({
      hookSpecificOutput: {
        hookEventName: 'PreSkillShellCommand',
        permissionDecision: 'deny',
        permissionDecisionReason: 'no shell here',
      },
    }));
    expect(seen).toBe('[not run: blocked by hook: no shell here]');
  });

  // Recorded from the official SDK 0.3.332 on CLI 2.1.332: a callback that throws lets the line run;
  // one that outlives the matcher's timeout blocks it.
  it.skipIf(!newCli)('a callback that throws lets the line run, as with the official SDK', async () => {
    const { seen } = await runShellCommand(async () => {
      throw new Error('hook failed');
    });
    expect(seen).toBe('SHELL-OUTPUT-X1');
  });

  it.skipIf(!newCli)("a callback that outlives the matcher's timeout blocks the line (fails closed)", async () => {
    const { seen } = await runShellCommand(() => new Promise(() => {}), 1);
    expect(seen).toBe("[not run: blocked by hook: the hook didn't answer]");
  });
});

describe(`setPermissionMode's answer, on CLI ${cliVersion}`, () => {
  // Both ends of the supported range name the mode (2.1.197 too); a host that answers with no
  // payload gets undefined (core's settings-controls test).
  it('resolves with the mode now in effect, on ClaudeClient and query()', async () => {
    harness = await scope.startCliHarness([{ content: [text('one')] }, { content: [text('two')] }]);
    const client = new ClaudeClient({ ...cli, env: harness.env });
    try {
      await client.connect();
      const answer = await client.setPermissionMode('plan');
      expect(answer).toEqual({ mode: 'plan' });
      expect(await client.setPermissionMode('acceptEdits')).toEqual({ mode: 'acceptEdits' });
    } finally {
      await client.close();
    }

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* prompt() {
      yield { type: 'user' as const, message: { role: 'user' as const, content: 'hi' }, parent_tool_use_id: null };
      await held;
    }
    const run = query({ prompt: prompt(), options: { ...cli, env: harness.env } });
    try {
      await run.initializationResult();
      expect(await run.setPermissionMode('dontAsk')).toEqual({ mode: 'dontAsk' });
    } finally {
      release();
      run.close();
    }
  });
});
