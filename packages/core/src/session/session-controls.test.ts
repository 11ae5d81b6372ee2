import { describe, expect, it } from 'vitest';
import type { ControlRequestOptions } from '../ports/control-protocol.js';
import type { InitializeResponse } from '../types/control.js';
import { SessionControls } from './session-controls.js';

/** Records the control requests and answers each with `answers[subtype]` (or `{}`). */
class RecordingControls extends SessionControls {
  readonly sent: Array<[string, Record<string, unknown> | undefined]> = [];
  constructor(
    private readonly answers: Record<string, Record<string, unknown>> = {},
    private readonly init: InitializeResponse = {},
  ) {
    super();
  }
  async request(
    subtype: string,
    payload?: Record<string, unknown>,
    _options?: ControlRequestOptions,
  ): Promise<Record<string, unknown>> {
    this.sent.push([subtype, payload]);
    return this.answers[subtype] ?? {};
  }
  async initializationResult(): Promise<InitializeResponse> {
    return this.init;
  }
}

describe('SessionControls', () => {
  it.each<[string, (controls: SessionControls) => Promise<unknown>, string, Record<string, unknown> | undefined]>([
    ['interrupt()', (c) => c.interrupt(), 'interrupt', undefined],
    ['setPermissionMode(plan)', (c) => c.setPermissionMode('plan'), 'set_permission_mode', { mode: 'plan' }],
    ['setModel(opus)', (c) => c.setModel('opus'), 'set_model', { model: 'opus' }],
    ['setModel()', (c) => c.setModel(), 'set_model', {}],
    [
      'setMaxThinkingTokens(null)',
      (c) => c.setMaxThinkingTokens(null),
      'set_max_thinking_tokens',
      { max_thinking_tokens: null },
    ],
    ['mcpServerStatus()', (c) => c.mcpServerStatus(), 'mcp_status', undefined],
  ])('%s sends %s with its payload', async (_name, call, subtype, payload) => {
    const controls = new RecordingControls();
    await call(controls);
    expect(controls.sent).toEqual([[subtype, payload]]);
  });

  it('the setters resolve with nothing, whatever the CLI answers', async () => {
    const controls = new RecordingControls({ set_permission_mode: { mode: 'plan' } });
    await expect(controls.setPermissionMode('plan')).resolves.toBeUndefined();
  });

  it('mcpServerStatus() reads mcpServers from the answer, [] when absent', async () => {
    const servers = [{ name: 'calc', status: 'connected' }];
    expect(await new RecordingControls({ mcp_status: { mcpServers: servers } }).mcpServerStatus()).toEqual(servers);
    expect(await new RecordingControls().mcpServerStatus()).toEqual([]);
  });

  it('supportedCommands() and supportedModels() read the answer to initialize, [] when absent', async () => {
    const commands = [{ name: 'compact' }];
    const models = [{ value: 'sonnet' }];
    const controls = new RecordingControls({}, { commands, models });
    expect(await controls.supportedCommands()).toEqual(commands);
    expect(await controls.supportedModels()).toEqual(models);
    expect(await new RecordingControls().supportedCommands()).toEqual([]);
    expect(await new RecordingControls().supportedModels()).toEqual([]);
    expect(controls.sent).toEqual([]);
  });
});
