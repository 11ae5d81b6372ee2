/**
 * End to end: the real Claude Code CLI run through a command wrapper (`env` on this machine, and
 * real `ssh` to a throwaway sshd on 127.0.0.1), against the scripted model, with the calculator's
 * in-process tools served here. Checks what the tool handlers got, what the model received from
 * them, what the user saw, and that nothing of the launch's environment was on the wrapper's
 * command line. The ssh case is skipped with a note without ssh/sshd; under CI that is a failure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculatorToolNames, calculatorTools } from '@hexagent/example-calculator/dist/calculator.js';
import { scriptedCalculatorModel } from '@hexagent/example-calculator/dist/scripted-calculator-model.js';
import { createSdkMcpServer, type Options, query, type SDKMessage } from '@hexagent/sdk';
import { type HermeticCliEnv, hermeticCliEnv, ScriptedModelServer } from '@hexagent/testing';
import { findClaudeCli } from '@hexagent/transport-cli';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commandWrapperTransport } from '../src/index.js';
import { type Sshd, sshMissing, startSshd } from './helpers/sshd.js';

const prompt = 'What is 15 + 27, and 6 × 7? Then try 1 ÷ 0. Use the calculator tools.';

const missing = sshMissing();
let sshd: Sshd | undefined;
// A model server and CLI home per case: the calls and results each case asserts are its own.
let server: ScriptedModelServer;
let hermetic: HermeticCliEnv;
const dir = mkdtempSync(join(tmpdir(), 'hexagent-wrapper-e2e-'));
beforeAll(async () => {
  if (missing === undefined) sshd = await startSshd();
});
beforeEach(async () => {
  server = await ScriptedModelServer.start(scriptedCalculatorModel);
  hermetic = await hermeticCliEnv({ baseUrl: server.url });
});
afterEach(async () => {
  await server?.close();
  await hermetic?.cleanup();
});
afterAll(async () => {
  await sshd?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const wrappers = [
  { name: 'env', missing: undefined, wrapper: () => ['env'], remoteShell: false },
  { name: 'ssh', missing, wrapper: () => sshd?.ssh() ?? [], remoteShell: true },
];

describe.each(wrappers)('the real CLI through $name', ({ missing, wrapper: farSide, remoteShell }) => {
  if (missing !== undefined) {
    it.skip(missing, () => {});
    return;
  }
  it("runs a query whose in-process tools answer the CLI's calls over the wrapper's pipes", async () => {
    const calls: Array<{ tool: string; args: unknown }> = [];
    const tools = calculatorTools.map((tool) => ({
      ...tool,
      handler: async (args: never, extra: never) => {
        calls.push({ tool: tool.name, args });
        return (tool.handler as (a: never, e: never) => ReturnType<typeof tool.handler>)(args, extra);
      },
    }));
    // A wrapper that writes down its command line, then runs it: what `ps` would show of it.
    const argvFile = join(dir, 'argv');
    const wrapper = ['sh', '-c', 'printf "%s\\n" "$@" > "$0"; exec "$@"', argvFile, ...farSide()];
    const options: Options = {
      transport: commandWrapperTransport({ wrapper, remoteShell, cli: findClaudeCli({}) }),
      env: { ...hermetic.env, HEXAGENT_EXAMPLE_SECRET_TOKEN: 'kept-off-the-command-line' },
      mcpServers: { calc: createSdkMcpServer({ name: 'calc', version: '1.0.0', tools }) },
      allowedTools: calculatorToolNames,
      maxTurns: 6,
      systemPrompt: 'You are a careful assistant. Use the calculator tools for arithmetic.',
    };
    const messages: SDKMessage[] = [];
    for await (const message of query({ prompt, options })) messages.push(message);

    // What the handlers got, in this process.
    expect(calls).toEqual([
      { tool: 'add', args: { a: 15, b: 27 } },
      { tool: 'multiply', args: { a: 6, b: 7 } },
      { tool: 'divide', args: { a: 1, b: 0 } },
    ]);
    // What the model received from them, through the CLI behind the wrapper.
    const results = server.toolResults().map((result) => ({ content: result.content, isError: result.is_error }));
    expect(results).toEqual([
      { content: [{ type: 'text', text: '42' }], isError: false },
      { content: [{ type: 'text', text: '42' }], isError: false },
      { content: 'Division by zero', isError: true },
    ]);
    // What the user saw.
    const result = messages.find((message) => message.type === 'result') as { subtype?: string; result?: string };
    expect(result.subtype).toBe('success');
    expect(result.result).toMatch(/15 \+ 27 = 42 and 6 × 7 = 42/);
    // The environment went over the CLI's input: the command line holds flags, never a value.
    const argv = readFileSync(argvFile, 'utf8');
    expect(argv).toContain('--input-format');
    expect(argv).not.toContain('kept-off-the-command-line');
    expect(argv).not.toContain(hermetic.env['ANTHROPIC_BASE_URL'] ?? 'http');
  }, 240_000);
});
