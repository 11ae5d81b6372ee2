import { describe, expect, it } from 'vitest';
import { RecordingControls } from '../../test/helpers/recording-controls.js';
import type { QueryControls } from './query-controls.js';

describe('QUERY_CONTROLS: the turn, tasks, what the CLI reports, usage', () => {
  it.each<[string, (controls: QueryControls) => Promise<unknown>, string, Record<string, unknown> | undefined]>([
    ['interrupt()', (c) => c.interrupt(), 'interrupt', undefined],
    ['stopTask(id)', (c) => c.stopTask('bkig8lkud'), 'stop_task', { task_id: 'bkig8lkud' }],
    ['backgroundTasks()', (c) => c.backgroundTasks(), 'background_tasks', {}],
    ['backgroundTasks(id)', (c) => c.backgroundTasks('toolu_1'), 'background_tasks', { tool_use_id: 'toolu_1' }],
    ['getContextUsage()', (c) => c.getContextUsage(), 'get_context_usage', {}],
    [
      'getContextUsage(summary)',
      (c) => c.getContextUsage({ detail: 'summary' }),
      'get_context_usage',
      { detail: 'summary' },
    ],
    ['usage()', (c) => c.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(), 'get_usage', {}],
    [
      'usage(skipBehaviors)',
      (c) => c.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET({ skipBehaviors: true }),
      'get_usage',
      { skip_behaviors: true },
    ],
  ])('%s sends %s with its payload', async (_name, call, subtype, payload) => {
    const controls = new RecordingControls();
    await call(controls);
    expect(controls.sent).toEqual([[subtype, payload]]);
  });

  it('interrupt() resolves with the receipt, keeping strings only; undefined when the CLI sent no still_queued', async () => {
    const receipt = { still_queued: ['u1', 7, 'u2'], cancelled: ['u3', null] };
    expect(await new RecordingControls({ interrupt: receipt }).interrupt()).toEqual({
      still_queued: ['u1', 'u2'],
      cancelled: ['u3'],
    });
    expect(await new RecordingControls({ interrupt: { still_queued: [] } }).interrupt()).toEqual({ still_queued: [] });
    expect(await new RecordingControls().interrupt()).toBeUndefined();
  });

  it('stopTask() resolves with nothing; backgroundTasks() reads backgrounded, true when absent', async () => {
    expect(await new RecordingControls({ stop_task: { ignored: 1 } }).stopTask('t')).toBeUndefined();
    expect(await new RecordingControls({ background_tasks: { backgrounded: false } }).backgroundTasks('x')).toBe(false);
    expect(await new RecordingControls({ background_tasks: {} }).backgroundTasks()).toBe(true);
  });

  it('getContextUsage() and usage() resolve with the answer as sent', async () => {
    const usage = { categories: [], totalTokens: 2067, maxTokens: 1_000_000, percentage: 0 };
    const report = { session: { total_cost_usd: 0.1 }, rate_limits_available: false, rate_limits: null };
    expect(await new RecordingControls({ get_context_usage: usage }).getContextUsage()).toEqual(usage);
    const controls = new RecordingControls({ get_usage: report });
    expect(await controls.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET()).toEqual(report);
  });

  it('supportedCommands() and supportedModels() read the answer to initialize, [] when absent', async () => {
    const commands = [{ name: 'compact', description: '', argumentHint: '' }];
    const models = [{ value: 'sonnet', displayName: 'Sonnet', description: '' }];
    const controls = new RecordingControls({}, { commands, models });
    expect(await controls.supportedCommands()).toEqual(commands);
    expect(await controls.supportedModels()).toEqual(models);
    expect(await new RecordingControls().supportedCommands()).toEqual([]);
    expect(await new RecordingControls().supportedModels()).toEqual([]);
    expect(controls.sent).toEqual([]);
  });

  it('supportedCommands() prefers the commands of the latest commands_changed message', async () => {
    const controls = new RecordingControls({}, { commands: [{ name: 'old', description: '', argumentHint: '' }] });
    controls.commands = [{ name: 'new', description: 'added by a plugin', argumentHint: '' }];
    expect(await controls.supportedCommands()).toEqual(controls.commands);
  });

  it('supportedAgents() and accountInfo() read the answer to initialize without a request', async () => {
    const agents = [{ name: 'Explore', description: 'Fast read-only search agent' }];
    const account = { tokenSource: 'none', apiKeySource: 'ANTHROPIC_API_KEY', apiProvider: 'firstParty' as const };
    const controls = new RecordingControls({}, { agents, account });
    expect(await controls.supportedAgents()).toEqual(agents);
    expect(await controls.accountInfo()).toEqual(account);
    expect(await new RecordingControls().supportedAgents()).toEqual([]);
    expect(controls.sent).toEqual([]);
  });
});
