/**
 * Parity with the official SDK on the real CLI: partial messages (the Python SDK's e2e
 * `test_include_partial_messages.py`) and structured output (`test_structured_output.py`), as
 * scenarios of the TypeScript API. The scripted model reads what the tools returned and answers
 * through the CLI's `StructuredOutput` tool, so the structured output is what the tools found.
 * Each runs on both SDKs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Options, SDKMessage, SDKResultSuccess } from '@hexagent/sdk';
import { type ModelTurn, type RecordedRequest, text, thinking, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { conversation, disposeScenarios, lastUserText, settle, startScenario } from './parity-kit.js';
import { SDKS } from './sdks.js';

afterEach(disposeScenarios);

const thinkingEnv = (env: Record<string, string | undefined>) => ({ ...env, MAX_THINKING_TOKENS: '8000' });

function streamEventTypes(messages: SDKMessage[]): string[] {
  return messages.flatMap((m) => (m.type === 'stream_event' ? [(m.event as { type: string }).type] : []));
}

function blockTypes(messages: SDKMessage[]): string[] {
  return messages.flatMap((m) =>
    m.type === 'assistant' ? (m.message.content as Array<{ type: string }>).map((b) => b.type) : [],
  );
}

/** A model that calls `tool` first, then answers `answer(what the tool returned)` as structured output. */
function toolThenStructured(
  tool: ReturnType<typeof toolUse>,
  answer: (toolResult: string) => Record<string, unknown>,
): (request: RecordedRequest, index: number) => ModelTurn {
  return (request, index) => {
    if (index === 0) return { content: [tool] };
    if (index === 1) return { content: [toolUse('StructuredOutput', answer(lastUserText(request)))] };
    return { content: [text('done')] };
  };
}

describe.each(SDKS)('partial messages on $name', (sdk) => {
  it('includePartialMessages: stream events around an assistant message with thinking and text', async () => {
    const scenario = await startScenario([
      { content: [thinking('Three jokes: a pun, a one-liner, a knock-knock.'), text('Why did the scarecrow win?')] },
    ]);
    const chat = conversation(
      sdk,
      scenario.options({
        includePartialMessages: true,
        model: 'claude-sonnet-4-5',
        maxTurns: 2,
        env: thinkingEnv(scenario.env),
      }),
    );
    const messages = await chat.turn('Think of three jokes, then tell one');
    await chat.close();
    expect(messages[0]).toMatchObject({ type: 'system', subtype: 'init' });
    expect(streamEventTypes(messages)).toEqual(
      expect.arrayContaining([
        'message_start',
        'content_block_start',
        'content_block_delta',
        'content_block_stop',
        'message_stop',
      ]),
    );
    expect(blockTypes(messages)).toEqual(expect.arrayContaining(['thinking', 'text']));
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
  });

  it('the thinking arrives as thinking_delta events that add up to the thinking', async () => {
    const reasoning = 'Step one: 2 + 2 means adding two and two. Step two: that makes 4.';
    const scenario = await startScenario([{ content: [thinking(reasoning), text('4')] }]);
    const chat = conversation(
      sdk,
      scenario.options({ includePartialMessages: true, maxTurns: 2, env: thinkingEnv(scenario.env) }),
    );
    const messages = await chat.turn('Think step by step about what 2 + 2 equals');
    await chat.close();
    const deltas = messages.flatMap((m) => {
      const event =
        m.type === 'stream_event'
          ? (m.event as { type: string; delta?: { type: string; thinking?: string } })
          : undefined;
      return event?.type === 'content_block_delta' && event.delta?.type === 'thinking_delta'
        ? [event.delta.thinking ?? '']
        : [];
    });
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.join('')).toBe(reasoning);
  });

  it('without includePartialMessages there is no stream event', async () => {
    const scenario = await startScenario([{ content: [text('Hello')] }]);
    const chat = conversation(sdk, scenario.options({ maxTurns: 2 }));
    const messages = await chat.turn('Say hello');
    await chat.close();
    expect(streamEventTypes(messages)).toEqual([]);
    expect(messages.map((m) => m.type)).toEqual(expect.arrayContaining(['system', 'assistant', 'result']));
  });
});

describe.each(SDKS)('structured output on $name', (sdk) => {
  const resultOf = async (prompt: string, options: Options) => {
    const { messages, error } = await settle(sdk.query({ prompt, options }));
    expect(error).toBeUndefined();
    const result = messages.at(-1) as SDKResultSuccess;
    expect(result).toMatchObject({ type: 'result', subtype: 'success', is_error: false });
    return result.structured_output as Record<string, unknown>;
  };

  // Claude Code 2.1.329 has no Glob or Grep tool in SDK sessions: the model finds and searches with Bash.
  it('from what a find found: the Python files and the test files of a project', async () => {
    const schema = {
      type: 'object',
      properties: {
        file_count: { type: 'number' },
        has_tests: { type: 'boolean' },
        test_file_count: { type: 'number' },
      },
      required: ['file_count', 'has_tests'],
    };
    const scenario = await startScenario(
      toolThenStructured(toolUse('Bash', { command: "find . -name '*.py'" }), (found) => {
        const files = found.match(/[\w/.-]+\.py/g) ?? [];
        const tests = files.filter((file) => /(^|\/)test_/.test(file));
        return { file_count: files.length, has_tests: tests.length > 0, test_file_count: tests.length };
      }),
    );
    for (const file of ['src/pkg/a.py', 'src/pkg/b.py', 'tests/test_a.py']) {
      mkdirSync(join(scenario.cwd, file, '..'), { recursive: true });
      writeFileSync(join(scenario.cwd, file), 'x = 1\n');
    }
    const output = await resultOf(
      'Count the Python files and check for test files. Use tools.',
      scenario.options({
        outputFormat: { type: 'json_schema', schema },
        permissionMode: 'acceptEdits',
        allowedTools: ['Bash'],
      }),
    );
    expect(output).toEqual({ file_count: 3, has_tests: true, test_file_count: 1 });
  });

  it('nested objects and arrays', async () => {
    const schema = {
      type: 'object',
      properties: {
        analysis: {
          type: 'object',
          properties: { word_count: { type: 'number' }, character_count: { type: 'number' } },
          required: ['word_count', 'character_count'],
        },
        words: { type: 'array', items: { type: 'string' } },
      },
      required: ['analysis', 'words'],
    };
    const answer = { analysis: { word_count: 2, character_count: 11 }, words: ['Hello', 'world'] };
    const scenario = await startScenario([
      { content: [toolUse('StructuredOutput', answer)] },
      { content: [text('ok')] },
    ]);
    const output = await resultOf(
      "Analyze this text: 'Hello world'.",
      scenario.options({ outputFormat: { type: 'json_schema', schema }, permissionMode: 'acceptEdits' }),
    );
    expect(output).toEqual(answer);
  });

  it('an enum, from what a grep found', async () => {
    const schema = {
      type: 'object',
      properties: {
        has_tests: { type: 'boolean' },
        test_framework: { type: 'string', enum: ['pytest', 'unittest', 'nose', 'unknown'] },
        test_count: { type: 'number' },
      },
      required: ['has_tests', 'test_framework'],
    };
    const scenario = await startScenario(
      toolThenStructured(toolUse('Bash', { command: "grep -rl 'import pytest' tests" }), (found) => {
        const files = found.match(/test_\w+\.py/g) ?? [];
        return {
          has_tests: files.length > 0,
          test_framework: files.length > 0 ? 'pytest' : 'unknown',
          test_count: files.length,
        };
      }),
    );
    mkdirSync(join(scenario.cwd, 'tests'));
    writeFileSync(join(scenario.cwd, 'tests', 'test_one.py'), 'import pytest\n');
    writeFileSync(join(scenario.cwd, 'tests', 'test_two.py'), 'import pytest\n');
    const output = await resultOf(
      'Which test framework do the tests use? Use grep.',
      scenario.options({
        outputFormat: { type: 'json_schema', schema },
        permissionMode: 'acceptEdits',
        allowedTools: ['Bash'],
      }),
    );
    expect(output).toEqual({ has_tests: true, test_framework: 'pytest', test_count: 2 });
  });

  it('after a Bash tool call: the files of the folder and its README', async () => {
    const schema = {
      type: 'object',
      properties: { file_count: { type: 'number' }, has_readme: { type: 'boolean' } },
      required: ['file_count', 'has_readme'],
    };
    const scenario = await startScenario(
      toolThenStructured(toolUse('Bash', { command: 'ls -1' }), (listed) => {
        const names: string[] = listed.match(/[\w-]+\.(md|txt)/g) ?? [];
        return { file_count: names.length, has_readme: names.includes('README.md') };
      }),
    );
    for (const name of ['README.md', 'notes.txt', 'todo.txt']) writeFileSync(join(scenario.cwd, name), name);
    const output = await resultOf(
      'Count the files here and check for a README. Use tools as needed.',
      scenario.options({
        outputFormat: { type: 'json_schema', schema },
        permissionMode: 'acceptEdits',
        allowedTools: ['Bash'],
      }),
    );
    expect(output).toEqual({ file_count: 3, has_readme: true });
  });
});
