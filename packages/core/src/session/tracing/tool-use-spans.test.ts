/**
 * The spans of the tool calls the CLI runs itself, read from the messages (over a recording tracer
 * and the fake transport): started at the `tool_use`, ended at the `tool_result`, failed on
 * `is_error`, nested under a subagent's tool call, and ended as unanswered with their turn.
 */
import { describe, expect, it } from 'vitest';
import { FakeMcpServer, flush, resultMessage } from '../../../test/helpers/fakes.js';
import { RecordingTracer } from '../../../test/helpers/recording-tracer.js';
import { sessionHarness } from '../../../test/helpers/session-harness.js';
import type { InboundMessage } from '../../types/control.js';
import { TOOL_OUTPUT_NOT_RECORDED } from './tool-output.js';

const { runningSession } = sessionHarness();

function assistant(blocks: Array<{ id: string; name: string }>, parentToolUseId: string | null = null): InboundMessage {
  return {
    type: 'assistant',
    message: {
      role: 'assistant',
      content: blocks.map(({ id, name }) => ({ type: 'tool_use', id, name, input: {} })),
    },
    parent_tool_use_id: parentToolUseId,
    session_id: 'sess-1',
  };
}

function toolResults(
  results: Array<{ id: string; content: unknown; isError?: boolean }>,
  extra: Record<string, unknown> = {},
): InboundMessage {
  return {
    ...extra,
    type: 'user',
    message: {
      role: 'user',
      content: results.map(({ id, content, isError }) => ({
        type: 'tool_result',
        tool_use_id: id,
        content,
        ...(isError !== undefined && { is_error: isError }),
      })),
    },
    parent_tool_use_id: null,
    session_id: 'sess-1',
  };
}

describe('tool calls the CLI runs itself', () => {
  it('get a span from tool_use to tool_result under the turn, an in-process call that never reached its handler too', async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer }, [new FakeMcpServer('calc')]);
    await session.sendUserMessage('go');
    transport.emit(
      assistant([
        { id: 'toolu_bash', name: 'Bash' },
        { id: 'toolu_read', name: 'Read' },
        { id: 'toolu_add', name: 'mcp__calc__add' },
        { id: 'toolu_ext', name: 'mcp__docs__search' },
      ]),
    );
    await flush();
    const bash = tracer.span('execute_tool Bash');
    expect(bash.ended).toBe(0);
    transport.emit(
      toolResults([
        { id: 'toolu_bash', content: 'hi', isError: false },
        { id: 'toolu_read', content: [{ type: 'text', text: 'File does not exist.' }], isError: true },
        { id: 'toolu_add', content: '3' },
      ]),
    );
    transport.emit(toolResults([{ id: 'toolu_ext', content: 'found' }]));
    transport.emit(resultMessage({ session_id: 'sess-1' }));
    await flush();
    await session.close();

    const turn = tracer.span('invoke_agent claude-code');
    const read = tracer.span('execute_tool Read');
    const ext = tracer.span('execute_tool mcp__docs__search');
    const add = tracer.span('execute_tool mcp__calc__add');
    expect(tracer.spans.filter((s) => s.name.startsWith('execute_tool')).map((s) => s.name)).toEqual([
      'execute_tool Bash',
      'execute_tool Read',
      'execute_tool mcp__calc__add',
      'execute_tool mcp__docs__search',
    ]);
    expect(add.attributes).toMatchObject({ 'hexagent.mcp.server': 'calc', 'hexagent.mcp.tool': 'add' });
    for (const span of [bash, read, add, ext]) {
      expect(span.parent).toBe(turn);
      expect(span.ended).toBe(1);
    }
    expect(bash.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'Bash',
      'gen_ai.tool.call.id': 'toolu_bash',
      'gen_ai.tool.type': 'function',
      'hexagent.mcp.server': undefined,
      'hexagent.is_error': false,
    });
    expect(bash.errors).toEqual([]);
    expect(read.attributes).toMatchObject({ 'gen_ai.tool.call.id': 'toolu_read', 'hexagent.is_error': true });
    expect(read.errors).toHaveLength(1);
    expect(read.errors[0]?.errorType).toBe('tool_error');
    expect(read.errors[0]?.error).toMatchObject({ message: TOOL_OUTPUT_NOT_RECORDED });
    expect(ext.attributes).toMatchObject({
      'gen_ai.tool.type': 'extension',
      'hexagent.mcp.server': 'docs',
      'hexagent.is_error': false,
    });
  });

  it('nests a subagent’s tool calls under the tool call that started it', async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer });
    await session.sendUserMessage('go');
    transport.emit(assistant([{ id: 'toolu_task', name: 'Task' }]));
    transport.emit(assistant([{ id: 'toolu_sub', name: 'Grep' }], 'toolu_task'));
    transport.emit(toolResults([{ id: 'toolu_sub', content: 'no matches' }]));
    transport.emit(toolResults([{ id: 'toolu_task', content: 'the subagent found nothing' }]));
    transport.emit(resultMessage());
    await flush();
    await session.close();
    const task = tracer.span('execute_tool Task');
    expect(task.parent).toBe(tracer.span('invoke_agent claude-code'));
    expect(tracer.span('execute_tool Grep').parent).toBe(task);
    expect(tracer.spans.every((s) => s.ended === 1)).toBe(true);
  });

  it('ends a tool call without a result as unanswered with its turn, or when the session closes', async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer });
    await session.sendUserMessage('one');
    transport.emit(assistant([{ id: 'toolu_1', name: 'Bash' }]));
    transport.emit(resultMessage({ subtype: 'error_max_turns', is_error: true }));
    await flush();
    const first = tracer.span('execute_tool Bash');
    expect(first.ended).toBe(1);
    expect(first.errors[0]?.errorType).toBe('unanswered');
    expect(first.attributes['hexagent.is_error']).toBe(true);

    await session.sendUserMessage('two');
    transport.emit(assistant([{ id: 'toolu_2', name: 'Write' }]));
    transport.emit(assistant([{ id: 'toolu_2', name: 'Write' }]));
    transport.emit(toolResults([{ id: 'toolu_unknown', content: 'x', isError: true }]));
    await flush();
    await session.close();
    const second = tracer.span('execute_tool Write');
    expect(second.ended).toBe(1);
    expect(second.errors[0]?.errorType).toBe('unanswered');
    // The tool_use seen twice got one span; the result for a call never seen ended none.
    expect(tracer.spans.filter((s) => s.name.startsWith('execute_tool'))).toHaveLength(2);
  });

  it('knows an in-process server’s tools by the name Claude Code gives them', async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer }, [new FakeMcpServer('my calc')]);
    await session.sendUserMessage('go');
    // Claude Code puts "my calc" in tool names as my_calc.
    transport.emit(assistant([{ id: 'toolu_add', name: 'mcp__my_calc__add' }]));
    transport.emit(resultMessage());
    await flush();
    await session.close();
    expect(tracer.span('execute_tool mcp__my_calc__add').attributes).toMatchObject({
      'gen_ai.tool.type': 'extension',
      'hexagent.mcp.server': 'my calc',
      'hexagent.mcp.tool': 'add',
    });
  });

  it("an in-process call's tools/call carries on the span its tool_use started: one span, ended by the handler's answer", async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer }, [new FakeMcpServer('calc')]);
    await session.sendUserMessage('go');
    transport.emit(assistant([{ id: 'toolu_1', name: 'mcp__calc__add' }]));
    await flush();
    const span = tracer.span('execute_tool mcp__calc__add');
    expect(span.ended).toBe(0);
    await transport.ask('t1', {
      subtype: 'mcp_message',
      server_name: 'calc',
      message: {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'add', arguments: {}, _meta: { 'claudecode/toolUseId': 'toolu_1' } },
      },
    });
    expect(span.ended).toBe(1);
    transport.emit(toolResults([{ id: 'toolu_1', content: '3' }]));
    transport.emit(resultMessage());
    await flush();
    await session.close();
    expect(tracer.spans.filter((s) => s.name.startsWith('execute_tool'))).toEqual([span]);
    expect(span.ended).toBe(1);
    expect(span.parent).toBe(tracer.span('invoke_agent claude-code'));
    expect(span.attributes).toMatchObject({ 'hexagent.mcp.server': 'calc', 'hexagent.is_error': false });
  });

  it('an in-process call refused before its handler (canUseTool, a hook) fails with tool_error at its tool_result', async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer }, [new FakeMcpServer('calc')]);
    await session.sendUserMessage('go');
    transport.emit(assistant([{ id: 'toolu_1', name: 'mcp__calc__add' }]));
    transport.emit(toolResults([{ id: 'toolu_1', content: 'Permission denied: not now', isError: true }]));
    transport.emit(resultMessage());
    await flush();
    await session.close();
    const span = tracer.span('execute_tool mcp__calc__add');
    expect(span.ended).toBe(1);
    expect(span.attributes).toMatchObject({ 'hexagent.is_error': true });
    expect(span.errors).toEqual([{ error: new Error(TOOL_OUTPUT_NOT_RECORDED), errorType: 'tool_error' }]);
  });

  it('records the output of a failed call with recordToolOutput', async () => {
    const tracer = new RecordingTracer({ recordToolOutput: true });
    const { session, transport } = await runningSession({ tracer });
    await session.sendUserMessage('go');
    transport.emit(assistant([{ id: 'toolu_read', name: 'Read' }]));
    transport.emit(
      toolResults([{ id: 'toolu_read', content: [{ type: 'text', text: 'File does not exist.' }], isError: true }]),
    );
    await flush();
    const read = tracer.span('execute_tool Read');
    expect(read.errors[0]?.error).toMatchObject({ message: 'File does not exist.' });
    expect(read.attributes['gen_ai.tool.call.result']).toBe('File does not exist.');
    await session.close();
  });
});

/** A task event of the CLI, as 2.1.329 sends them. */
const task = (subtype: string, fields: Record<string, unknown>): InboundMessage => ({
  type: 'system',
  subtype,
  session_id: 'sess-1',
  uuid: `u-${subtype}`,
  ...fields,
});

describe('tool calls that go on in the background', () => {
  it('keeps a background subagent’s call open past its turn, as the parent of the subagent’s calls', async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer });
    await session.sendUserMessage('go');
    transport.emit(assistant([{ id: 'toolu_agent', name: 'Agent' }]));
    transport.emit(task('task_started', { task_id: 'a1', tool_use_id: 'toolu_agent', is_backgrounded: true }));
    transport.emit(
      toolResults([{ id: 'toolu_agent', content: 'Async agent launched successfully.' }], {
        tool_use_result: { isAsync: true, status: 'async_launched', agentId: 'a1' },
      }),
    );
    // The subagent's command starts before the main turn's result and ends after it.
    transport.emit(assistant([{ id: 'toolu_bash', name: 'Bash' }], 'toolu_agent'));
    transport.emit(resultMessage({ session_id: 'sess-1' }));
    await flush();
    const agent = tracer.span('execute_tool Agent');
    const bash = tracer.span('execute_tool Bash');
    expect(bash.parent).toBe(agent);
    expect([agent.ended, bash.ended]).toEqual([0, 0]);
    transport.emit(toolResults([{ id: 'toolu_bash', content: 'hi' }], { parent_tool_use_id: 'toolu_agent' }));
    transport.emit(task('task_notification', { task_id: 'a1', tool_use_id: 'toolu_agent', status: 'completed' }));
    await flush();
    expect([agent.ended, bash.ended]).toEqual([1, 1]);
    expect(bash.errors).toEqual([]);
    expect(agent.errors).toEqual([]);
    expect(agent.attributes).toMatchObject({
      'hexagent.tool.background': true,
      'hexagent.task.status': 'completed',
      'hexagent.is_error': false,
    });
    await session.close();
    expect(tracer.spans.flatMap((s) => s.errors)).toEqual([]);
  });

  it('keeps a command started in the background open until its notification, and fails a failed task', async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer });
    await session.sendUserMessage('go');
    transport.emit(
      assistant([
        { id: 'toolu_bg', name: 'Bash' },
        { id: 'toolu_moved', name: 'Agent' },
      ]),
    );
    // No task_started for this one: the tool's own result says it went on in the background.
    transport.emit(
      toolResults([{ id: 'toolu_bg', content: 'Command running in background with ID: b1.' }], {
        tool_use_result: { stdout: '', backgroundTaskId: 'b1' },
      }),
    );
    // A foreground subagent moved to the background later (task_updated names only the task).
    transport.emit(task('task_started', { task_id: 'a2', tool_use_id: 'toolu_moved', is_backgrounded: false }));
    transport.emit(assistant([{ id: 'toolu_grep', name: 'Grep' }], 'toolu_moved'));
    transport.emit(task('task_updated', { task_id: 'a2', patch: { is_backgrounded: true } }));
    transport.emit(toolResults([{ id: 'toolu_moved', content: 'moved to the background' }]));
    transport.emit(resultMessage({ session_id: 'sess-1' }));
    await flush();
    expect(tracer.spans.filter((s) => s.name.startsWith('execute_tool')).map((s) => s.ended)).toEqual([0, 0, 0]);
    transport.emit(task('task_notification', { task_id: 'b1', tool_use_id: 'toolu_bg', status: 'failed' }));
    await flush();
    const bg = tracer.span('execute_tool Bash');
    expect(bg.ended).toBe(1);
    expect(bg.errors[0]?.errorType).toBe('task_failed');
    expect(bg.attributes).toMatchObject({ 'hexagent.task.status': 'failed', 'hexagent.is_error': true });
    // What is still running in the background when the session closes had no answer.
    await session.close();
    const moved = tracer.span('execute_tool Agent');
    expect(moved.errors[0]?.errorType).toBe('unanswered');
    expect(tracer.span('execute_tool Grep').errors[0]?.errorType).toBe('unanswered');
    expect(tracer.spans.every((s) => s.ended === 1)).toBe(true);
  });

  it('still ends a foreground subagent’s calls with its turn', async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer });
    await session.sendUserMessage('go');
    transport.emit(assistant([{ id: 'toolu_agent', name: 'Agent' }]));
    transport.emit(task('task_started', { task_id: 'a1', tool_use_id: 'toolu_agent', is_backgrounded: false }));
    transport.emit(assistant([{ id: 'toolu_sub', name: 'Read' }], 'toolu_agent'));
    transport.emit(resultMessage({ subtype: 'error_during_execution', is_error: true }));
    await flush();
    expect(tracer.span('execute_tool Agent').errors[0]?.errorType).toBe('unanswered');
    expect(tracer.span('execute_tool Read').errors[0]?.errorType).toBe('unanswered');
    await session.close();
  });
});
