/**
 * The hexagent demo: a calculator served as in-process MCP tools, driven through the real
 * Claude Code CLI. With ANTHROPIC_API_KEY set it talks to Claude; without it, a scripted model
 * server on 127.0.0.1 plays a model that uses the calculator.
 */
import { type Options, query, type SDKMessage } from '@hexagent/sdk';
import { hermeticCliEnv, ScriptedModelServer } from '@hexagent/testing';
import { calculatorToolNames, createCalculator } from './calculator.js';
import { scriptedCalculatorModel } from './scripted-calculator-model.js';

const prompt = 'What is 15 + 27, and 6 × 7? Then try 1 ÷ 0. Use the calculator tools.';

const toolNames = new Map<string, string>();

/**
 * Prints one message. With the scripted model, what looks like the model's (its name, its words,
 * the cost the CLI computes from its made-up token counts) is labelled as scripted.
 */
function show(message: SDKMessage, scripted: boolean): void {
  switch (message.type) {
    case 'system':
      if (message.subtype === 'init') {
        const model = scripted
          ? `model name ${message.model} as the CLI reports it; no real model runs`
          : message.model;
        console.log(`· session ${message.session_id} (${model})`);
      }
      return;
    case 'assistant':
      for (const block of message.message.content) {
        if (block.type === 'text') console.log(`${scripted ? 'scripted model' : 'assistant'} › ${block.text}`);
        if (block.type === 'tool_use') {
          toolNames.set(block.id, block.name);
          console.log(`tool call › ${block.name} ${JSON.stringify(block.input)}`);
        }
      }
      return;
    case 'user': {
      const content = message.message.content;
      if (typeof content === 'string') return;
      for (const block of content) {
        if (block.type !== 'tool_result') continue;
        const body = Array.isArray(block.content)
          ? block.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
          : String(block.content);
        const name = toolNames.get(block.tool_use_id) ?? block.tool_use_id;
        console.log(`tool result › ${name}${block.is_error === true ? ' (error)' : ''} › ${body}`);
      }
      return;
    }
    case 'result': {
      const cost = `cost=$${Number(message.total_cost_usd ?? 0).toFixed(6)}`;
      console.log(
        `result › ${message.is_error ? 'error ' : ''}${message.subtype}: ${'result' in message ? String(message.result) : ''}\n` +
          `         turns=${message.num_turns} ${cost}` +
          (scripted ? ' (scripted: the CLI priced made-up token counts; nothing was billed)' : ''),
      );
      return;
    }
    default:
      return;
  }
}

async function main(): Promise<void> {
  const options: Options = {
    mcpServers: { calc: createCalculator() },
    allowedTools: calculatorToolNames,
    maxTurns: 6,
    systemPrompt: 'You are a careful assistant. Use the calculator tools for arithmetic.',
  };
  let server: ScriptedModelServer | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  if (process.env.ANTHROPIC_API_KEY) {
    console.log('ANTHROPIC_API_KEY is set: using Claude.\n');
  } else {
    console.log('ANTHROPIC_API_KEY is not set: using a scripted model server on 127.0.0.1 that plays Claude.\n');
    server = await ScriptedModelServer.start(scriptedCalculatorModel);
    const hermetic = await hermeticCliEnv({ baseUrl: server.url });
    options.env = hermetic.env;
    cleanup = hermetic.cleanup;
  }
  console.log(`user › ${prompt}`);
  try {
    for await (const message of query({ prompt, options })) show(message, server !== undefined);
  } finally {
    await server?.close();
    await cleanup?.();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
