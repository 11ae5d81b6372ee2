/**
 * Parity with the official SDK on the real CLI: in-process MCP tools and the permission callback
 * (the Python SDK's e2e `test_sdk_mcp_tools.py` and `test_tool_permissions.py`, as scenarios of the
 * TypeScript API). Each runs on both SDKs, with the SDK's own `tool()` and `createSdkMcpServer()`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CanUseTool, SDKResultMessage, SDKUserMessage } from '@hexagent/sdk';
import { text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conversation, disposeScenarios, settle, startScenario, userMessage } from './parity-kit.js';
import { type ParitySdk, SDKS } from './sdks.js';

afterEach(disposeScenarios);

/** An in-process server `name` with `echo` and `greet`, recording which ran. */
function echoAndGreet(sdk: ParitySdk, name: string) {
  const executions: string[] = [];
  const echo = sdk.tool('echo', 'Echo back the input text', { text: z.string() }, async ({ text }) => {
    executions.push('echo');
    return { content: [{ type: 'text', text: `Echo: ${text}` }] };
  });
  const greet = sdk.tool('greet', 'Greet a person by name', { name: z.string() }, async ({ name }) => {
    executions.push('greet');
    return { content: [{ type: 'text', text: `Hello, ${name}!` }] };
  });
  return { executions, server: sdk.createSdkMcpServer({ name, version: '1.0.0', tools: [echo, greet] }) };
}

describe.each(SDKS)('in-process MCP tools on $name', (sdk) => {
  it('an allowed tool runs and the model gets its result', async () => {
    const scenario = await startScenario([
      { content: [toolUse('mcp__test__echo', { text: 'hi there' })] },
      { content: [text('done')] },
    ]);
    const { executions, server } = echoAndGreet(sdk, 'test');
    const chat = conversation(
      sdk,
      scenario.options({ mcpServers: { test: server }, allowedTools: ['mcp__test__echo'] }),
    );
    await chat.turn('Call the mcp__test__echo tool with any text');
    await chat.close();
    expect(executions).toEqual(['echo']);
    expect(scenario.modelSaw().at(-1)).toContain('Echo: hi there');
  });

  it('disallowedTools keeps a tool from running while an allowed one runs', async () => {
    const scenario = await startScenario([
      { content: [toolUse('mcp__test__greet', { name: 'Alice' })] },
      { content: [toolUse('mcp__test__echo', { text: 'test' })] },
      { content: [text('done')] },
    ]);
    const { executions, server } = echoAndGreet(sdk, 'test');
    const chat = conversation(
      sdk,
      scenario.options({
        mcpServers: { test: server },
        disallowedTools: ['mcp__test__echo'],
        allowedTools: ['mcp__test__greet'],
      }),
    );
    await chat.turn("Greet 'Alice', then echo 'test', one at a time.");
    await chat.close();
    expect(executions).toEqual(['greet']);
    const seen = scenario.modelSaw();
    expect(seen[1]).toContain('Hello, Alice!');
    expect(seen[2]).not.toContain('Echo: test');
  });

  it('two tools called in one message both run', async () => {
    const scenario = await startScenario([
      { content: [toolUse('mcp__multi__echo', { text: 'test' }), toolUse('mcp__multi__greet', { name: 'Bob' })] },
      { content: [text('done')] },
    ]);
    const { executions, server } = echoAndGreet(sdk, 'multi');
    const chat = conversation(
      sdk,
      scenario.options({ mcpServers: { multi: server }, allowedTools: ['mcp__multi__echo', 'mcp__multi__greet'] }),
    );
    await chat.turn("Call mcp__multi__echo with text='test' and mcp__multi__greet with name='Bob'");
    await chat.close();
    expect([...executions].sort()).toEqual(['echo', 'greet']);
  });

  it('without allowedTools (and no canUseTool) the tool does not run', async () => {
    const scenario = await startScenario([
      { content: [toolUse('mcp__noperm__echo', { text: 'x' })] },
      { content: [text('done')] },
    ]);
    const { executions, server } = echoAndGreet(sdk, 'noperm');
    const chat = conversation(sdk, scenario.options({ mcpServers: { noperm: server } }));
    await chat.turn('Call the mcp__noperm__echo tool');
    await chat.close();
    expect(executions).toEqual([]);
    expect(scenario.modelSaw().at(-1)).not.toContain('Echo: x');
  });
});

describe.each(SDKS)('the permission callback on $name', (sdk) => {
  /** A callback that allows everything and records the tools it was asked about. */
  function allowing() {
    const asked: string[] = [];
    const canUseTool: CanUseTool = async (name, input) => {
      asked.push(name);
      return { behavior: 'allow', updatedInput: input };
    };
    return { asked, canUseTool };
  }

  it('is called for a Bash command that is not read-only, in streaming mode', async () => {
    let touched = '';
    const scenario = await startScenario((_request, index) =>
      index === 0 ? { content: [toolUse('Bash', { command: `touch ${touched}` })] } : { content: [text('done')] },
    );
    touched = join(scenario.cwd, 'sdk_permission_test.txt');
    const { asked, canUseTool } = allowing();
    const chat = conversation(sdk, scenario.options({ canUseTool }));
    await chat.turn(`Run the command: touch ${touched}`);
    await chat.close();
    expect(asked).toContain('Bash');
    expect(existsSync(touched)).toBe(true);
  });

  /** A Write outside the project, allowed only through the callback; `prompt` makes the prompt. */
  async function writeThroughCallback(prompt: (text: string) => string | AsyncIterable<SDKUserMessage>) {
    let target = '';
    const scenario = await startScenario((_request, index) =>
      index === 0
        ? { content: [toolUse('Write', { file_path: target, content: 'hello' })] }
        : { content: [text('written')] },
    );
    target = join(scenario.home, 'agent_sdk_permission_e2e.txt');
    const { asked, canUseTool } = allowing();
    const { messages, error } = await settle(
      sdk.query({
        prompt: prompt(`Use the Write tool to create the file ${target} containing exactly the text hello.`),
        options: scenario.options({ canUseTool, disallowedTools: ['Bash'], maxTurns: 3 }),
      }),
    );
    expect(error).toBeUndefined();
    expect(messages.at(-1)).toMatchObject({ type: 'result', is_error: false } satisfies Partial<SDKResultMessage>);
    expect(asked).toContain('Write');
    expect(existsSync(target)).toBe(true);
  }

  it('is the only control consumer of query() with a finite async iterable prompt: the Write runs', async () => {
    await writeThroughCallback((prompt) =>
      (async function* () {
        yield userMessage(prompt, { session_id: '' });
      })(),
    );
  });

  it('works with a plain string prompt', async () => {
    await writeThroughCallback((prompt) => prompt);
  });
});
