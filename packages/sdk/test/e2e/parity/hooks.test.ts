/**
 * Parity with the official SDK on the real CLI: hook callbacks (the Python SDK's e2e
 * `test_hook_events.py` and `test_hooks.py`, as scenarios of the TypeScript API). The model asks
 * for a Bash `echo`; each scenario checks what the hook got, and what the model got back. Each runs
 * on both SDKs.
 */
import { ControlRequestError, type HookCallback, type HookInput } from '@hexagent/sdk';
import { text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { conversation, disposeScenarios, settle, startScenario } from './parity-kit.js';
import { SDKS } from './sdks.js';

afterEach(disposeScenarios);

/** The model runs `echo <word>` with Bash, then says done. */
const echoScript = (word: string) => [
  { content: [toolUse('Bash', { command: `echo '${word}'` }, 'toolu_echo')] },
  { content: [text('done')] },
];

/** A hook that records its inputs and answers `output`. */
function recorder(output: Awaited<ReturnType<HookCallback>> = {}) {
  const inputs: HookInput[] = [];
  const hook: HookCallback = async (input) => {
    inputs.push(input);
    return output;
  };
  return { inputs, hook };
}

/** The text of the tool_result the model got for the echo call, as one string. */
function toolResultSeen(requests: Array<{ body: { messages?: unknown[] } }>): string {
  return JSON.stringify(requests.at(-1)?.body.messages?.at(-1) ?? '');
}

describe.each(SDKS)('hooks on $name', (sdk) => {
  it('PreToolUse with additionalContext: called with tool_use_id; the context reaches the model', async () => {
    const scenario = await startScenario(echoScript('test additional context'));
    const pre = recorder({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        permissionDecisionReason: 'Approved with context',
        additionalContext: 'This command is running in a test environment',
      },
    });
    const chat = conversation(
      sdk,
      scenario.options({ allowedTools: ['Bash'], hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [pre.hook] }] } }),
    );
    await chat.turn("Run: echo 'test additional context'");
    await chat.close();
    expect(pre.inputs).toHaveLength(1);
    expect(pre.inputs[0]).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_use_id: 'toolu_echo',
    });
    expect(toolResultSeen(scenario.server.requests)).toContain('This command is running in a test environment');
  });

  it('PostToolUse gets the tool_use_id; its additionalContext reaches the model', async () => {
    const scenario = await startScenario(echoScript('test tool_use_id'));
    const post = recorder({
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'Post-tool monitoring active' },
    });
    const chat = conversation(
      sdk,
      scenario.options({ allowedTools: ['Bash'], hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [post.hook] }] } }),
    );
    await chat.turn("Run: echo 'test tool_use_id'");
    await chat.close();
    expect(post.inputs[0]).toMatchObject({ hook_event_name: 'PostToolUse', tool_use_id: 'toolu_echo' });
    expect(toolResultSeen(scenario.server.requests)).toContain('Post-tool monitoring active');
  });

  it('a Notification hook registers without error; any call has a notification_type', async () => {
    const scenario = await startScenario([{ content: [text('Hello')] }]);
    const notification = recorder({
      hookSpecificOutput: { hookEventName: 'Notification', additionalContext: 'Notification received' },
    });
    const chat = conversation(sdk, scenario.options({ hooks: { Notification: [{ hooks: [notification.hook] }] } }));
    const messages = await chat.turn('Say hello in one word.');
    expect(messages.at(-1)).toMatchObject({ type: 'result', is_error: false });
    expect((await chat.close()).error).toBeUndefined();
    for (const input of notification.inputs) {
      expect(input.hook_event_name).toBe('Notification');
      expect((input as { notification_type?: unknown }).notification_type).toBeDefined();
    }
  });

  it('Notification, PreToolUse and PostToolUse together: the tool events fire', async () => {
    const scenario = await startScenario(echoScript('multi-hook test'));
    const all = recorder();
    const chat = conversation(
      sdk,
      scenario.options({
        allowedTools: ['Bash'],
        hooks: {
          Notification: [{ hooks: [all.hook] }],
          PreToolUse: [{ matcher: 'Bash', hooks: [all.hook] }],
          PostToolUse: [{ matcher: 'Bash', hooks: [all.hook] }],
        },
      }),
    );
    await chat.turn("Run: echo 'multi-hook test'");
    await chat.close();
    const events = all.inputs.map((input) => input.hook_event_name);
    expect(events).toContain('PreToolUse');
    expect(events).toContain('PostToolUse');
  });

  it('PreToolUse deny with a reason: the command does not run and the model is told why', async () => {
    const scenario = await startScenario(echoScript('hello'));
    const deny = recorder({
      reason: 'Bash commands are blocked in this test for safety',
      systemMessage: 'Command blocked by hook',
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'Security policy: Bash blocked',
      },
    });
    const chat = conversation(
      sdk,
      scenario.options({
        allowedTools: ['Bash', 'Write'],
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [deny.hook] }] },
      }),
    );
    await chat.turn("Run this bash command: echo 'hello'");
    await chat.close();
    expect(deny.inputs.map((input) => (input as { tool_name?: string }).tool_name)).toEqual(['Bash']);
    const seen = toolResultSeen(scenario.server.requests);
    expect(seen).toContain('Security policy: Bash blocked');
    expect(seen).not.toContain('"hello\\n"');
  });

  it('PostToolUse with continue: false and a stopReason stops the turn after the tool', async () => {
    const scenario = await startScenario(echoScript('test message'));
    const stop = recorder({
      continue: false,
      stopReason: 'Execution halted by test hook for validation',
      reason: 'Testing continue and stopReason fields',
      systemMessage: 'Test hook stopped execution',
    });
    const { messages, error } = await settle(
      sdk.query({
        prompt: "Run: echo 'test message'",
        options: scenario.options({
          allowedTools: ['Bash'],
          hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [stop.hook] }] },
        }),
      }),
    );
    expect(stop.inputs).toHaveLength(1);
    expect(error).toBeUndefined();
    expect(messages.at(-1)).toMatchObject({ type: 'result' });
    // The model is not asked again after the hook stopped the turn.
    expect(scenario.server.requests.filter((request) => request.kind === 'main')).toHaveLength(1);
  });

  it('PostToolUse with hookSpecificOutput additionalContext is called and its context reaches the model', async () => {
    const scenario = await startScenario(echoScript('testing hooks'));
    const context = recorder({
      systemMessage: 'Additional context provided by hook',
      reason: 'Hook providing monitoring feedback',
      suppressOutput: false,
      hookSpecificOutput: {
        hookEventName: 'PostToolUse',
        additionalContext: 'The command executed successfully with hook monitoring',
      },
    });
    const chat = conversation(
      sdk,
      scenario.options({
        allowedTools: ['Bash'],
        hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [context.hook] }] },
      }),
    );
    await chat.turn("Run: echo 'testing hooks'");
    await chat.close();
    expect(context.inputs).toHaveLength(1);
    expect(toolResultSeen(scenario.server.requests)).toContain(
      'The command executed successfully with hook monitoring',
    );
  });

  it('a PreToolUse matcher the CLI cannot read (not a string): the official runs the tool without the hook, hexagent does not start', async () => {
    const scenario = await startScenario(echoScript('unguarded'));
    const deny = recorder({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' },
    });
    const hooks = { PreToolUse: [{ matcher: 7 as unknown as string, hooks: [deny.hook] }] };
    const { messages, error } = await settle(
      sdk.query({ prompt: 'Run the echo.', options: scenario.options({ hooks }) }),
    );
    expect(deny.inputs).toEqual([]);
    if (sdk.name === 'official') {
      // CLI 2.1.332 refuses the initialize request; the official SDK sends the prompt all the same.
      expect(toolResultSeen(scenario.server.requests)).toContain('unguarded');
      expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
      expect(error).toBeUndefined();
    } else {
      // hexagent ends on the refused initialize: the prompt is never sent, no tool runs unguarded.
      expect(scenario.server.requests.filter((request) => request.kind === 'main')).toEqual([]);
      expect(ControlRequestError.isInstance(error), String(error)).toBe(true);
    }
  });
});
