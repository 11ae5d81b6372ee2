import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseRecording } from './normalise-recording.js';
import type { RawRecording } from './record-scenario.js';

/** One run's raw recording; `seed` changes everything a run changes (paths, port, ids, times). */
function raw(seed: string, port: number, sessionId: string, requestId: string): RawRecording {
  const runHome = join(tmpdir(), `hexagent-cli-${seed}`);
  const cwd = join(runHome, 'project');
  const cliRequest = `${seed.toLowerCase().padEnd(8, '0').slice(0, 8)}-1111-4111-8111-111111111111`;
  const lines = [
    {
      dir: 'in' as const,
      text: JSON.stringify({
        type: 'control_request',
        request_id: requestId,
        request: { subtype: 'initialize', hooks: {} },
      }),
    },
    {
      dir: 'out' as const,
      text: JSON.stringify({
        type: 'control_response',
        response: { subtype: 'success', request_id: requestId, response: { pid: 4000 + port, cwd, models: [] } },
      }),
    },
    { dir: 'out' as const, text: JSON.stringify({ type: 'system', subtype: 'init', session_id: sessionId, cwd }) },
    { dir: 'out' as const, text: JSON.stringify({ type: 'keep_alive' }) },
    {
      dir: 'out' as const,
      text: JSON.stringify({
        type: 'control_request',
        request_id: cliRequest,
        request: {
          subtype: 'hook_callback',
          callback_id: 'hook_0',
          input: {
            session_id: sessionId,
            transcript_path: `${runHome}/.claude/projects/${cwd.replace(/[^a-zA-Z0-9]/g, '-')}/${sessionId}.jsonl`,
            timestamp: '2026-11-27T13:00:00.123Z',
          },
        },
      }),
    },
    {
      dir: 'in' as const,
      text: JSON.stringify({
        type: 'control_response',
        response: { subtype: 'success', request_id: cliRequest, response: {} },
      }),
    },
    {
      dir: 'out' as const,
      text: JSON.stringify({ type: 'result', subtype: 'success', duration_ms: port, session_id: sessionId }),
    },
  ];
  if (seed === 'B') lines.splice(4, 0, { dir: 'out', text: JSON.stringify({ type: 'keep_alive' }) });
  return {
    scenario: 'demo',
    sdk: 'official',
    spawns: [
      {
        command: '/x/claude',
        args: ['--verbose', `--resume=${sessionId}`, `--mcp-config={"url":"http://127.0.0.1:${port}/mcp"}`],
        cwd,
        env: {
          HOME: runHome,
          PATH: `/bin:${seed}`,
          ANTHROPIC_API_KEY: `key-${seed}`,
          ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
          CLAUDE_AGENT_SDK_VERSION: '9.9.9',
        },
        lines,
        stderrTail: '',
        exit: { code: 0, signal: null },
      },
    ],
    saw: [`system:init ${sessionId}`],
    places: { home: runHome, cwd, cli: '/x/claude', port, sdkVersion: '9.9.9', cliVersion: '8.8.8' },
  };
}

describe('normaliseRecording', () => {
  it('makes two runs that differ only in paths, ports, ids, times, pids and heartbeats the same', () => {
    const a = normaliseRecording(raw('A', 40001, '0f0f0f0f-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'abcdefgh'));
    const b = normaliseRecording(raw('B', 50002, '1e1e1e1e-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'zyxwvuts'));
    expect(b).toEqual(a);
  });

  it('replaces each run-specific value by a placeholder and keeps answers matched to their requests', () => {
    const recording = normaliseRecording(raw('A', 40001, '0f0f0f0f-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'abcdefgh'));
    const [spawn] = recording.spawns;
    expect(spawn?.argv).toEqual([
      '--verbose',
      '--resume=<session:1>',
      '--mcp-config={"url":"http://127.0.0.1:<port>/mcp"}',
    ]);
    expect(spawn?.env).toEqual({
      ANTHROPIC_API_KEY: '<secret>',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:<port>',
      CLAUDE_AGENT_SDK_VERSION: '<sdk-version>',
      HOME: '<home>',
      PATH: '<PATH>',
    });
    expect(spawn?.stdout.map((line) => line.label)).toEqual([
      'control_response:initialize',
      'system:init',
      'control_request:hook_callback',
      'result:success',
      'keep_alive (seen; number and place vary)',
    ]);
    expect(spawn?.stdout[0]?.msg).toEqual({
      type: 'control_response',
      response: { subtype: 'success', request_id: '<req:1>', response: { pid: '<n>', cwd: '<cwd>', models: [] } },
    });
    expect(spawn?.stdout[2]?.msg).toMatchObject({
      request_id: '<uuid:2>',
      request: {
        input: {
          session_id: '<session:1>',
          transcript_path: '<home>/.claude/projects/<cwd-key>/<session:1>.jsonl',
          timestamp: '<time>',
        },
      },
    });
    expect(
      spawn?.stdin.map((line) => [
        line.label,
        (line.msg as { request_id?: string; response?: { request_id?: string } }).request_id ??
          (line.msg as { response: { request_id: string } }).response.request_id,
      ]),
    ).toEqual([
      ['control_request:initialize', '<req:1>'],
      ['control_response:hook_callback', '<uuid:2>'],
    ]);
    expect(recording.saw).toEqual(['system:init <session:1>']);
  });

  it('keeps a value that does differ', () => {
    const a = raw('A', 40001, '0f0f0f0f-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'abcdefgh');
    const b = raw('A', 40001, '0f0f0f0f-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'abcdefgh');
    const line = b.spawns[0]?.lines[0];
    if (line) line.text = line.text.replace('"hooks":{}', '"hooks":{"Stop":[]}');
    expect(normaliseRecording(b)).not.toEqual(normaliseRecording(a));
  });
});
