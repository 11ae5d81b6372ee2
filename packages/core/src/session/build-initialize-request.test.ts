import { describe, expect, it } from 'vitest';
import { MANIFEST } from '../../test/helpers/session-harness.js';
import type { AgentDefinition } from '../types/agents.js';
import type { Options } from '../types/options.js';
import { buildInitializeRequest } from './build-initialize-request.js';

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
    [
      'a custom prompt → its prompt and systemPromptSnapshot',
      { type: 'custom', prompt: 'Custom prompt.', snapshot: false },
      { systemPrompt: ['Custom prompt.'], systemPromptSnapshot: false },
    ],
    ['a custom list prompt → as is', { type: 'custom', prompt: ['a', 'b'] }, { systemPrompt: ['a', 'b'] }],
    [
      'the preset with append and snapshot',
      { type: 'preset', preset: 'claude_code', append: 'APPENDED-INSTRUCTIONS.', snapshot: true },
      { appendSystemPrompt: 'APPENDED-INSTRUCTIONS.', systemPromptSnapshot: true },
    ],
    [
      'the preset with excludeDynamicSections',
      { type: 'preset', preset: 'claude_code', excludeDynamicSections: true },
      { excludeDynamicSections: true },
    ],
    [
      'a list with the dynamic boundary → as is',
      ['Static part.', '__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__', 'Dynamic part.'],
      { systemPrompt: ['Static part.', '__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__', 'Dynamic part.'] },
    ],
  ])('systemPrompt %s', (_name, systemPrompt, expected) => {
    expect(buildInitializeRequest({ options: systemPrompt === undefined ? {} : { systemPrompt } })).toEqual(expected);
  });
});

describe('buildInitializeRequest: the option fields, as recorded from the official SDK', () => {
  const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
  it.each<[string, Options, Record<string, unknown>]>([
    ['outputFormat → jsonSchema', { outputFormat: { type: 'json_schema', schema } }, { jsonSchema: schema }],
    [
      'planModeInstructions',
      { permissionMode: 'plan', planModeInstructions: 'PLAN-INSTRUCTIONS-HERE.' },
      { planModeInstructions: 'PLAN-INSTRUCTIONS-HERE.' },
    ],
    ['toolAliases', { toolAliases: { Bash: 'mcp__ext__echo' } }, { toolAliases: { Bash: 'mcp__ext__echo' } }],
    ['title', { title: 'My Title' }, { title: 'My Title' }],
    ['skills as a list', { skills: ['greet', 'recplug:greet'] }, { skills: ['greet', 'recplug:greet'] }],
    ["skills 'all' → nothing (an allowedTools entry instead)", { skills: 'all' }, {}],
    ['promptSuggestions', { promptSuggestions: true }, { promptSuggestions: true }],
    ['agentProgressSummaries', { agentProgressSummaries: true }, { agentProgressSummaries: true }],
    ['forwardSubagentText', { forwardSubagentText: true }, { forwardSubagentText: true }],
    [
      'supportedDialogKinds',
      { supportedDialogKinds: ['refusal_fallback_prompt'] },
      { supportedDialogKinds: ['refusal_fallback_prompt'] },
    ],
    ['perTaskStopAffordance', { perTaskStopAffordance: true }, { perTaskStopAffordance: true }],
    [
      "plugins with pluginDelivery 'initialize'",
      { plugins: [{ type: 'local', path: '/p' }], pluginDelivery: 'initialize' },
      { plugins: [{ type: 'local', path: '/p' }] },
    ],
    ['plugins on argv → nothing', { plugins: [{ type: 'local', path: '/p' }] }, {}],
  ])('%s', (_name, options, expected) => {
    expect(buildInitializeRequest({ options })).toEqual({ systemPrompt: [''], ...expected });
  });

  it('puts the fields in the official order (init-fields-misc)', () => {
    const payload = buildInitializeRequest({
      options: {
        perTaskStopAffordance: true,
        forwardSubagentText: true,
        agentProgressSummaries: true,
        promptSuggestions: true,
        title: 'My Title',
        outputFormat: { type: 'json_schema', schema },
      },
    });
    expect(Object.keys(payload)).toEqual([
      'jsonSchema',
      'systemPrompt',
      'title',
      'promptSuggestions',
      'agentProgressSummaries',
      'forwardSubagentText',
      'perTaskStopAffordance',
    ]);
  });

  it('sends an in-process server inside an agent by name only', () => {
    const instance = { connect() {} };
    const agents = {
      helper: {
        description: 'Helps',
        prompt: 'You help.',
        mcpServers: ['ext', { calc: { type: 'sdk', name: 'calc', instance } }],
      },
      plain: { description: 'Plain', prompt: 'p', mcpServers: ['ext'] },
    } as unknown as Record<string, AgentDefinition>;
    const payload = buildInitializeRequest({ options: { agents } });
    expect(payload.agents).toEqual({
      helper: {
        description: 'Helps',
        prompt: 'You help.',
        mcpServers: ['ext', { calc: { type: 'sdk', name: 'calc' } }],
      },
      plain: { description: 'Plain', prompt: 'p', mcpServers: ['ext'] },
    });
    expect((agents as Record<string, { mcpServers: unknown[] }>).helper?.mcpServers[1]).toHaveProperty(
      'calc.instance',
      instance,
    );
  });
});
