import { describe, expect, it } from 'vitest';
import { align, diffRecordings } from './diff-recordings.js';
import type { WireRecording } from './wire-recording.js';

function recording(overrides: (r: WireRecording) => void = () => {}): WireRecording {
  const r: WireRecording = {
    scenario: 'interrupt',
    sdk: 'official',
    sdkVersion: '1',
    cliVersion: '2',
    spawns: [
      {
        argv: ['--verbose', '--permission-prompt-tool=stdio'],
        env: { CLAUDE_AGENT_SDK_VERSION: '<sdk-version>', HOME: '<home>' },
        stdin: [
          {
            label: 'control_request:initialize',
            msg: {
              type: 'control_request',
              request: { subtype: 'initialize', hooks: { Stop: [{ hookCallbackIds: ['hook_0'] }] } },
            },
          },
          { label: 'user', msg: { type: 'user', message: { content: [{ type: 'text', text: 'go' }] } } },
          { label: 'control_request:interrupt', msg: { type: 'control_request', request: { subtype: 'interrupt' } } },
        ],
        stdout: [
          { label: 'control_response:initialize', msg: { type: 'control_response' } },
          { label: 'system:init' },
          {
            label: 'control_response:interrupt',
            msg: { type: 'control_response', response: { response: { still_queued: [] } } },
          },
          { label: 'result:error_during_execution' },
        ],
        exit: 'code 0',
      },
    ],
    saw: ['system:init', 'result:error_during_execution', 'threw Error'],
  };
  overrides(r);
  return r;
}

describe('diffRecordings', () => {
  it('finds nothing between equal recordings', () => {
    expect(diffRecordings(recording(), recording())).toEqual([]);
  });

  it('names a changed control answer by a stable id', () => {
    const actual = recording((r) => {
      const line = r.spawns[0]?.stdout[2];
      if (line) line.msg = { type: 'control_response', response: { response: { still_queued: ['x'] } } };
    });
    expect(diffRecordings(recording(), actual)).toEqual([
      {
        id: 'interrupt/spawn1/stdout/control_response:interrupt#1/response.response.still_queued[+"x"]',
        text: 'process 1: stdout control_response:interrupt (#1): + response.response.still_queued[]: "x"',
      },
    ]);
  });

  it('finds an added field, a missing line, argv, env and what the app saw', () => {
    const actual = recording((r) => {
      const spawn = r.spawns[0];
      if (!spawn) return;
      const init = spawn.stdin[0]?.msg as { request: { hooks: { Stop: Array<Record<string, unknown>> } } };
      if (init.request.hooks.Stop[0]) init.request.hooks.Stop[0]['timeout'] = 600;
      spawn.stdin.splice(2, 1);
      spawn.argv = ['--verbose', '--permission-prompt-tool=stdio', '--fork-session'];
      delete spawn.env['CLAUDE_AGENT_SDK_VERSION'];
      r.saw = ['system:init', 'result:error_during_execution', 'ended'];
    });
    expect(diffRecordings(recording(), actual).map((d) => d.id)).toEqual([
      'interrupt/spawn1/argv/+--fork-session',
      'interrupt/spawn1/env/-CLAUDE_AGENT_SDK_VERSION',
      'interrupt/spawn1/stdin/control_request:initialize#1/request.hooks.Stop[0].timeout',
      'interrupt/spawn1/stdin/-control_request:interrupt#1',
      'interrupt/saw/+ended',
      'interrupt/saw/-threw Error',
    ]);
  });

  it('reports a different number of processes and a failure', () => {
    const actual = recording((r) => {
      r.spawns = [];
      r.failure = 'timed out after 60000 ms';
    });
    expect(diffRecordings(recording(), actual).map((d) => d.text)).toEqual([
      'failure: none → timed out after 60000 ms',
      'processes started: 1 → 0',
    ]);
  });
});

describe('align', () => {
  it('pairs the longest common subsequence and leaves the rest on its side', () => {
    const steps = align(['a', 'b', 'c', 'd'], ['a', 'c', 'x', 'd'], (item) => item);
    expect(steps.map((step) => `${step.expected ?? '_'}${step.actual ?? '_'}`)).toEqual(['aa', 'b_', 'cc', '_x', 'dd']);
  });
});

describe('diffValues', () => {
  it('compares a list of plain values as a set: an inserted item is one difference', async () => {
    const { diffValues } = await import('./diff-recordings.js');
    expect(diffValues({ capabilities: ['a', 'b', 'c'] }, { capabilities: ['a', 'x', 'b', 'c'] }, '')).toEqual([
      { path: 'capabilities[+"x"]', text: '+ capabilities[]: "x"' },
    ]);
  });
});
