/** The session's spans over a recording tracer and the fake transport: tree, attributes, failures. */
import { describe, expect, it } from 'vitest';
import { FakeMcpServer, FakeProcessError, flush, resultMessage } from '../../../test/helpers/fakes.js';
import { RecordingTracer } from '../../../test/helpers/recording-tracer.js';
import { sessionHarness } from '../../../test/helpers/session-harness.js';
import { MAX_SPAN_TEXT } from './bounded-text.js';
import { TOOL_OUTPUT_NOT_RECORDED } from './tool-output.js';

const { runningSession, makeSession } = sessionHarness();

const toolCall = (name = 'add') => ({
  subtype: 'mcp_message',
  server_name: 'calc',
  message: {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name, arguments: {}, _meta: { 'claudecode/toolUseId': 'toolu_1' } },
  },
});

describe('Session tracing', () => {
  it('nests tool, permission and hook spans under the turn, under the query, with the result in the turn', async () => {
    const tracer = new RecordingTracer();
    const calc = new FakeMcpServer('calc');
    const { session, transport } = await runningSession(
      {
        tracer,
        model: 'sonnet',
        canUseTool: async () => ({ behavior: 'allow', updatedInput: {} }),
        hooks: { PreToolUse: [{ hooks: [async () => ({ continue: true })] }] },
      },
      [calc],
    );
    await session.sendUserMessage('hi');
    transport.emit({ type: 'system', subtype: 'init', session_id: 'sess-1', model: 'claude-x' });
    const hookId = ((await transport.waitForRequest('initialize')).request.hooks as Record<string, unknown[]>)
      .PreToolUse as Array<{ hookCallbackIds: string[] }>;
    await transport.ask('h1', {
      subtype: 'hook_callback',
      callback_id: hookId[0]?.hookCallbackIds[0],
      input: { hook_event_name: 'PreToolUse', tool_name: 'mcp__calc__add' },
      tool_use_id: 'toolu_1',
    });
    await transport.ask('p1', {
      subtype: 'can_use_tool',
      tool_name: 'mcp__calc__add',
      input: {},
      tool_use_id: 'toolu_1',
    });
    await transport.ask('t1', toolCall());
    transport.emit(
      resultMessage({
        session_id: 'sess-1',
        stop_reason: 'end_turn',
        total_cost_usd: 0.25,
        duration_ms: 42,
        usage: { input_tokens: 20, output_tokens: 10, cache_read_input_tokens: 5, cache_creation_input_tokens: 7 },
      }),
    );
    await flush();
    await session.close();

    const query = tracer.span('hexagent.query');
    const turn = tracer.span('invoke_agent claude-code');
    const tool = tracer.span('execute_tool mcp__calc__add');
    const permission = tracer.span('hexagent.permission');
    const hook = tracer.span('hexagent.hook PreToolUse');
    expect(query.parent).toBeUndefined();
    expect(turn.parent).toBe(query);
    for (const child of [tool, permission, hook]) expect(child.parent).toBe(turn);
    expect(tracer.spans.every((s) => s.ended === 1)).toBe(true);
    expect(tracer.spans.flatMap((s) => s.errors)).toEqual([]);
    // The turn is a call to an agent in another process (the CLI): CLIENT, as the GenAI conventions say.
    expect(tracer.spans.filter((s) => s.kind === 'client')).toEqual([turn]);
    expect(turn.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.conversation.id': 'sess-1',
      'gen_ai.request.model': 'claude-x',
      // Anthropic's input_tokens leaves the cached tokens out; the GenAI conventions count them in.
      'gen_ai.usage.input_tokens': 20 + 5 + 7,
      'gen_ai.usage.output_tokens': 10,
      'gen_ai.usage.cache_read.input_tokens': 5,
      'gen_ai.usage.cache_creation.input_tokens': 7,
      'gen_ai.response.finish_reasons': ['end_turn'],
      'hexagent.cost_usd': 0.25,
      'hexagent.duration_ms': 42,
      'hexagent.is_error': false,
    });
    expect(query.attributes).toMatchObject({
      'gen_ai.conversation.id': 'sess-1',
      'gen_ai.request.model': 'claude-x',
      'hexagent.cost_usd': 0.25,
      'hexagent.turns': 1,
    });
    // One tool name on the tool, hook and permission spans: the name the model and Claude Code use.
    expect(tool.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'mcp__calc__add',
      'gen_ai.tool.call.id': 'toolu_1',
      'hexagent.mcp.server': 'calc',
      'hexagent.mcp.tool': 'add',
      'hexagent.is_error': false,
    });
    expect(tool.attributes['gen_ai.tool.call.result']).toBeUndefined();
    expect(permission.attributes).toMatchObject({
      'hexagent.permission.behavior': 'allow',
      'gen_ai.tool.name': 'mcp__calc__add',
    });
    expect(hook.attributes['gen_ai.tool.name']).toBe('mcp__calc__add');
    expect(hook.attributes).toMatchObject({ 'hexagent.hook.event': 'PreToolUse', 'gen_ai.tool.call.id': 'toolu_1' });
  });

  it('runs a tool handler with its span active, and fails the span on an error result or a throw', async () => {
    const tracer = new RecordingTracer();
    let active: string | undefined;
    const calc = new FakeMcpServer('calc', {
      handle: async (message) => {
        active = tracer.active?.name;
        const name = (message as { params?: { name?: string } }).params?.name;
        if (name === 'boom') throw new Error('kaput');
        return { jsonrpc: '2.0', id: 3, result: { isError: true, content: [{ type: 'text', text: 'bad input' }] } };
      },
    });
    const { session, transport } = await runningSession({ tracer }, [calc]);
    await session.sendUserMessage('hi');
    await transport.ask('t1', toolCall('add'));
    expect(active).toBe('execute_tool mcp__calc__add');
    const answer = await transport.ask('t2', toolCall('boom'));
    expect(answer).toMatchObject({ subtype: 'error', error: 'kaput' });
    const add = tracer.span('execute_tool mcp__calc__add');
    expect(add.errors[0]?.errorType).toBe('tool_error');
    // The tool's output stays out of the span unless recordToolOutput is on.
    expect(add.errors[0]?.error).toMatchObject({ message: TOOL_OUTPUT_NOT_RECORDED });
    expect(JSON.stringify(add)).not.toContain('bad input');
    expect(add.attributes['hexagent.is_error']).toBe(true);
    // A thrown error is not the tool's output: its message is kept.
    expect(tracer.span('execute_tool mcp__calc__boom').errors[0]?.error).toMatchObject({ message: 'kaput' });
    await session.close();
  });

  it('records tool output with recordToolOutput, and cuts long output and thrown messages to a bound', async () => {
    const tracer = new RecordingTracer({ recordToolOutput: true });
    const long = 'x'.repeat(50_000);
    const calc = new FakeMcpServer('calc', {
      handle: async (message) => {
        const name = (message as { params?: { name?: string } }).params?.name;
        if (name === 'boom') throw new Error(`failed: ${long}`);
        const text = name === 'big' ? long : 'bad input';
        return { jsonrpc: '2.0', id: 3, result: { isError: true, content: [{ type: 'text', text }] } };
      },
    });
    const { session, transport } = await runningSession({ tracer }, [calc]);
    await session.sendUserMessage('hi');
    await transport.ask('t1', toolCall('add'));
    await transport.ask('t2', toolCall('big'));
    await transport.ask('t3', toolCall('boom'));
    const add = tracer.span('execute_tool mcp__calc__add');
    expect(add.errors[0]?.error).toMatchObject({ message: 'bad input' });
    expect(add.attributes['gen_ai.tool.call.result']).toBe('bad input');
    const big = tracer.span('execute_tool mcp__calc__big');
    const bigMessage = String((big.errors[0]?.error as Error | undefined)?.message);
    expect(bigMessage).toBe(`${'x'.repeat(MAX_SPAN_TEXT)}… [truncated: 50000 characters in all]`);
    expect(big.attributes['gen_ai.tool.call.result']).toBe(bigMessage);
    const thrown = tracer.span('execute_tool mcp__calc__boom').errors[0]?.error as Error;
    expect(thrown.message.length).toBeLessThan(MAX_SPAN_TEXT + 50);
    expect(thrown.message).toMatch(/^failed: x+… \[truncated: 50008 characters in all\]$/);
    expect((thrown.stack ?? '').length).toBeLessThanOrEqual(4 * MAX_SPAN_TEXT + 50);
    await session.close();
  });

  it('fails a turn whose result is an error, and an unanswered turn when the session closes', async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer });
    await session.sendUserMessage('one');
    await session.sendUserMessage('two');
    transport.emit(resultMessage({ subtype: 'error_max_turns', is_error: true, errors: ['too many turns'] }));
    await flush();
    await session.close();
    const [first, second] = tracer.spans.filter((s) => s.name === 'invoke_agent claude-code');
    expect(first?.errors[0]?.errorType).toBe('error_max_turns');
    expect(first?.errors[0]?.error).toMatchObject({ message: 'too many turns' });
    expect(second?.errors[0]?.errorType).toBe('unanswered');
    expect(tracer.span('hexagent.query').attributes['hexagent.turns']).toBe(2);
    expect(tracer.spans.every((s) => s.ended === 1)).toBe(true);
  });

  it('the exit after a failed turn (a ResultError) fails that turn, not the query span', async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer });
    await session.sendUserMessage('one');
    session.endInput();
    transport.emit(resultMessage({ subtype: 'error_max_turns', is_error: true, errors: ['too many turns'] }));
    await flush();
    transport.endOutput(new FakeProcessError({ exitCode: 1 }));
    await expect(session.messages().next()).resolves.toMatchObject({ value: { subtype: 'error_max_turns' } });
    await expect(session.messages().next()).rejects.toThrow('Claude Code returned an error result: too many turns');
    expect(tracer.span('invoke_agent claude-code').errors[0]?.errorType).toBe('error_max_turns');
    expect(tracer.span('hexagent.query').errors).toEqual([]);
  });

  it('gives outbound control requests a span under the query, failed when the CLI refuses', async () => {
    const tracer = new RecordingTracer();
    const { session, transport } = await runningSession({ tracer });
    const pending = session.setModel('opus');
    const { request_id } = await transport.waitForRequest('set_model');
    transport.emit({ type: 'control_response', response: { subtype: 'error', request_id, error: 'no such model' } });
    await expect(pending).rejects.toThrow();
    const span = tracer.span('hexagent.control set_model');
    expect(span.parent).toBe(tracer.span('hexagent.query'));
    expect(span.attributes).toMatchObject({ 'hexagent.control.direction': 'outbound' });
    expect(span.errors).toHaveLength(1);
    expect(tracer.span('hexagent.control initialize').errors).toEqual([]);
    await session.close();
  });

  it('makes no span without a tracer, or with tracer: false', async () => {
    const { session } = makeSession({ tracer: false });
    expect((session as unknown as { tracing: unknown }).tracing).toBeUndefined();
    expect((makeSession().session as unknown as { tracing: unknown }).tracing).toBeUndefined();
  });
});
