import { describe, expect, it } from 'vitest';
import { MANIFEST } from '../../test/helpers/session-harness.js';
import type { Options } from '../types/options.js';
import { buildInitializeRequest, externalMcpServersForInitialize } from './build-initialize-request.js';

describe('buildInitializeRequest', () => {
  it('with nothing set, sends only the empty system prompt', () => {
    expect(buildInitializeRequest({ options: {} })).toEqual({ systemPrompt: [''] });
  });

  it('puts every part in, in the wire order', () => {
    const hooks = { Stop: [{ hookCallbackIds: ['hook_0'], timeout: 600 }] };
    const agents = { reviewer: { description: 'Reviews code', prompt: 'You review.' } };
    const externalMcpServers = { echo: { type: 'stdio' as const, command: 'echo-server' } };
    const payload = buildInitializeRequest({
      options: { systemPrompt: 'You are terse.', agents },
      hooks,
      sdkMcpServerNames: ['calc', 'notes'],
      manifests: new Map([['calc', MANIFEST]]),
      externalMcpServers,
    });
    expect(payload).toEqual({
      hooks,
      sdkMcpServers: ['calc', 'notes'],
      sdkMcpServerManifests: { calc: MANIFEST },
      systemPrompt: ['You are terse.'],
      agents,
      mcpServers: externalMcpServers,
    });
    expect(Object.keys(payload)).toEqual([
      'hooks',
      'sdkMcpServers',
      'sdkMcpServerManifests',
      'systemPrompt',
      'agents',
      'mcpServers',
    ]);
  });

  it('sends sdkMcpServers without manifests when none has one, and no manifests without servers', () => {
    expect(buildInitializeRequest({ options: {}, sdkMcpServerNames: ['a'], manifests: new Map() })).toEqual({
      sdkMcpServers: ['a'],
      systemPrompt: [''],
    });
    expect(buildInitializeRequest({ options: {}, manifests: new Map([['calc', MANIFEST]]) })).toEqual({
      systemPrompt: [''],
    });
  });

  it.each<[string, Options['systemPrompt'], Record<string, unknown>]>([
    ['a string → [s]', 'Be brief.', { systemPrompt: ['Be brief.'] }],
    ['a list → as is', ['a', 'b'], { systemPrompt: ['a', 'b'] }],
    [
      'the preset with append → appendSystemPrompt',
      { type: 'preset', preset: 'claude_code', append: 'X' },
      { appendSystemPrompt: 'X' },
    ],
    ['the preset without append → nothing', { type: 'preset', preset: 'claude_code' }, {}],
  ])('systemPrompt %s', (_name, systemPrompt, expected) => {
    expect(buildInitializeRequest({ options: systemPrompt === undefined ? {} : { systemPrompt } })).toEqual(expected);
  });
});

describe('externalMcpServersForInitialize', () => {
  const mcpServers: Options['mcpServers'] = {
    echo: { type: 'stdio', command: 'echo-server' },
    bare: { command: 'bare' },
    calc: { type: 'sdk', name: 'calc', instance: {} },
  };

  it("by default ('initialize'), the external servers with their type filled in, sdk servers left out", () => {
    expect(externalMcpServersForInitialize({ mcpServers })).toEqual({
      echo: { type: 'stdio', command: 'echo-server' },
      bare: { type: 'stdio', command: 'bare' },
    });
  });

  it("none with 'argv', nor when there is no external server", () => {
    expect(externalMcpServersForInitialize({ mcpServers, mcpServersDelivery: 'argv' })).toBeUndefined();
    expect(
      externalMcpServersForInitialize({ mcpServers: { calc: { type: 'sdk', name: 'calc', instance: {} } } }),
    ).toBeUndefined();
    expect(externalMcpServersForInitialize({})).toBeUndefined();
  });
});
