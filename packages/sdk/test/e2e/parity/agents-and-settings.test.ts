/**
 * Parity with the official SDK on the real CLI: agents and setting sources (the Python SDK's
 * e2e `test_agents_and_settings.py`, as scenarios of the TypeScript API). Each runs on both SDKs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentDefinition, SDKMessage } from '@hexagent/sdk';
import { text } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { conversation, disposeScenarios, find, settle, startScenario } from './parity-kit.js';
import { SDKS } from './sdks.js';

afterEach(disposeScenarios);

/** `count` agents with prompts of `sizeKb` KB each. */
function largeAgents(count: number, sizeKb: number): Record<string, AgentDefinition> {
  const agents: Record<string, AgentDefinition> = {};
  for (let i = 0; i < count; i++) {
    agents[`large-agent-${i}`] = {
      description: `Large test agent #${i} for stress testing`,
      prompt: `You are test agent #${i}. ${'x'.repeat(sizeKb * 1024)}`,
    };
  }
  return agents;
}

function initOf(messages: SDKMessage[]): Record<string, unknown> {
  const init = find(messages, 'system', 'init');
  expect(init, 'a system/init message').toBeDefined();
  return init as Record<string, unknown>;
}

describe.each(SDKS)('agents and settings on $name', (sdk) => {
  it('an agent definition reaches the CLI in streaming mode', async () => {
    const scenario = await startScenario([{ content: [text('4')] }]);
    const chat = conversation(
      sdk,
      scenario.options({
        agents: {
          'test-agent': {
            description: 'A test agent for verification',
            prompt: "You are a test agent. Always respond with 'Test agent activated'",
            tools: ['Read'],
            model: 'sonnet',
          },
        },
        maxTurns: 1,
      }),
    );
    const messages = await chat.turn('What is 2 + 2?');
    expect(initOf(messages).agents).toContain('test-agent');
    await chat.close();
  });

  it('an agent definition reaches the CLI through query() with a string prompt', async () => {
    const scenario = await startScenario([{ content: [text('4')] }]);
    const agents = { 'test-agent-query': { description: 'A test agent', prompt: 'You are a test agent.' } };
    const { messages, error } = await settle(
      sdk.query({ prompt: 'What is 2 + 2?', options: scenario.options({ agents, maxTurns: 1 }) }),
    );
    expect(error).toBeUndefined();
    expect(initOf(messages).agents).toContain('test-agent-query');
  });

  it('260 KB of agents go through query() with a string prompt', async () => {
    const scenario = await startScenario([{ content: [text('4')] }]);
    const agents = largeAgents(20, 13);
    const { messages } = await settle(
      sdk.query({ prompt: 'What is 2 + 2?', options: scenario.options({ agents, maxTurns: 1 }) }),
    );
    const registered = initOf(messages).agents as string[];
    for (const name of Object.keys(agents)) expect(registered).toContain(name);
  });

  it('260 KB of agents go through initialize in streaming mode', async () => {
    const scenario = await startScenario([{ content: [text('none')] }]);
    const agents = largeAgents(20, 13);
    expect(JSON.stringify(agents).length).toBeGreaterThan(250_000);
    const chat = conversation(sdk, scenario.options({ agents, maxTurns: 1 }));
    const registered = initOf(await chat.turn('List available agents')).agents as string[];
    for (const name of Object.keys(agents)) expect(registered).toContain(name);
    expect(registered.length).toBeGreaterThanOrEqual(20);
    await chat.close();
  });

  it('an agent file of the project loads with settingSources project, and the turn completes', async () => {
    const scenario = await startScenario([{ content: [text('Hello there friend')] }]);
    mkdirSync(join(scenario.cwd, '.claude', 'agents'), { recursive: true });
    writeFileSync(
      join(scenario.cwd, '.claude', 'agents', 'fs-test-agent.md'),
      '---\nname: fs-test-agent\ndescription: A filesystem test agent for SDK testing\ntools: Read\n---\n\nYou are a simple test agent.\n',
    );
    const chat = conversation(sdk, scenario.options({ settingSources: ['project'], maxTurns: 1 }));
    const messages = await chat.turn('Say hello in exactly 3 words');
    expect(messages.map((message) => message.type)).toEqual(expect.arrayContaining(['system', 'assistant', 'result']));
    expect(initOf(messages).agents).toContain('fs-test-agent');
    await chat.close();
  });

  it('without settingSources the CLI loads local settings (outputStyle)', async () => {
    const scenario = await startScenario([{ content: [text('4')] }]);
    mkdirSync(join(scenario.cwd, '.claude'), { recursive: true });
    writeFileSync(join(scenario.cwd, '.claude', 'settings.local.json'), '{"outputStyle": "local-test-style"}');
    const chat = conversation(sdk, scenario.options({ maxTurns: 1 }));
    expect(initOf(await chat.turn('What is 2 + 2?')).output_style).toBe('local-test-style');
    await chat.close();
  });

  it("settingSources ['user'] leaves the project's commands out", async () => {
    const scenario = await startScenario([{ content: [text('4')] }]);
    mkdirSync(join(scenario.cwd, '.claude', 'commands'), { recursive: true });
    writeFileSync(
      join(scenario.cwd, '.claude', 'commands', 'testcmd.md'),
      '---\ndescription: Test command\n---\n\nThis is a test command.\n',
    );
    const chat = conversation(sdk, scenario.options({ settingSources: ['user'], maxTurns: 1 }));
    expect(initOf(await chat.turn('What is 2 + 2?')).slash_commands).not.toContain('testcmd');
    await chat.close();
  });

  it("settingSources ['user', 'project', 'local'] loads local settings", async () => {
    const scenario = await startScenario([{ content: [text('4')] }]);
    mkdirSync(join(scenario.cwd, '.claude'), { recursive: true });
    writeFileSync(join(scenario.cwd, '.claude', 'settings.local.json'), '{"outputStyle": "local-test-style"}');
    const chat = conversation(sdk, scenario.options({ settingSources: ['user', 'project', 'local'], maxTurns: 1 }));
    expect(initOf(await chat.turn('What is 2 + 2?')).output_style).toBe('local-test-style');
    await chat.close();
  });
});
