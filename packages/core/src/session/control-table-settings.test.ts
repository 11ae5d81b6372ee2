import { describe, expect, it } from 'vitest';
import { RecordingControls } from '../../test/helpers/recording-controls.js';
import type { QueryControls } from './query-controls.js';

describe('QUERY_CONTROLS: permission mode, model, thinking, settings, reloads', () => {
  it.each<[string, (controls: QueryControls) => Promise<unknown>, string, Record<string, unknown> | undefined]>([
    ['setPermissionMode(plan)', (c) => c.setPermissionMode('plan'), 'set_permission_mode', { mode: 'plan' }],
    ['setModel(opus)', (c) => c.setModel('opus'), 'set_model', { model: 'opus' }],
    ['setModel()', (c) => c.setModel(), 'set_model', {}],
    [
      'setMaxThinkingTokens(null)',
      (c) => c.setMaxThinkingTokens(null),
      'set_max_thinking_tokens',
      { max_thinking_tokens: null },
    ],
    [
      'setMaxThinkingTokens(2000, summarized)',
      (c) => c.setMaxThinkingTokens(2000, 'summarized'),
      'set_max_thinking_tokens',
      { max_thinking_tokens: 2000, thinking_display: 'summarized' },
    ],
    [
      'setMaxThinkingTokens(1000, null)',
      (c) => c.setMaxThinkingTokens(1000, null),
      'set_max_thinking_tokens',
      { max_thinking_tokens: 1000, thinking_display: null },
    ],
    [
      'applyFlagSettings(...)',
      (c) => c.applyFlagSettings({ permissions: { allow: ['Read'] }, model: null, effortLevel: null }),
      'apply_flag_settings',
      { settings: { permissions: { allow: ['Read'] }, model: null, effortLevel: null } },
    ],
    [
      'updateSettings(localSettings, ...)',
      (c) => c.updateSettings('localSettings', { outputStyle: 'Explanatory' }),
      'update_settings',
      { source: 'localSettings', settings: { outputStyle: 'Explanatory' } },
    ],
    ['reloadPlugins()', (c) => c.reloadPlugins(), 'reload_plugins', {}],
    [
      'reloadPlugins(hold, refuse, add)',
      (c) =>
        c.reloadPlugins({
          holdOnCacheImpact: true,
          refuseIfBusy: true,
          addPlugins: [{ type: 'local', path: '/plugins/a' }],
        }),
      'reload_plugins',
      { hold_on_cache_impact: true, refuse_if_busy: true, add_plugins: [{ type: 'local', path: '/plugins/a' }] },
    ],
    [
      'reloadPlugins(false, false, [])',
      (c) => c.reloadPlugins({ holdOnCacheImpact: false, refuseIfBusy: false, addPlugins: [] }),
      'reload_plugins',
      {},
    ],
    ['reloadSkills()', (c) => c.reloadSkills(), 'reload_skills', undefined],
    ['reloadOutputStyles()', (c) => c.reloadOutputStyles(), 'reload_output_styles', undefined],
  ])('%s sends %s with its payload', async (_name, call, subtype, payload) => {
    const controls = new RecordingControls();
    await call(controls);
    expect(controls.sent).toEqual([[subtype, payload]]);
  });

  it("setPermissionMode resolves with the mode the CLI names, else undefined (0.3.332's answer)", async () => {
    expect(await new RecordingControls({ set_permission_mode: { mode: 'plan' } }).setPermissionMode('plan')).toEqual({
      mode: 'plan',
    });
    // The mode in effect, not the one asked for.
    const refused = new RecordingControls({ set_permission_mode: { mode: 'default' } });
    expect(await refused.setPermissionMode('auto')).toEqual({ mode: 'default' });
    // 'manual' is the CLI's other name for 'default', and 0.3.332 reports it so.
    await expect(
      new RecordingControls({ set_permission_mode: { mode: 'manual' } }).setPermissionMode('plan'),
    ).resolves.toEqual({ mode: 'default' });
    for (const answer of [{}, { mode: 'bogus' }, { mode: 3 }]) {
      await expect(
        new RecordingControls({ set_permission_mode: answer }).setPermissionMode('plan'),
      ).resolves.toBeUndefined();
    }
  });

  it('the other setters resolve with nothing, whatever the CLI answers', async () => {
    const controls = new RecordingControls({ set_model: { model: 'opus' } });
    await expect(controls.setModel('opus')).resolves.toBeUndefined();
    await expect(controls.setMaxThinkingTokens(0, 'highlights')).resolves.toBeUndefined();
    await expect(controls.applyFlagSettings({})).resolves.toBeUndefined();
    await expect(controls.updateSettings('userSettings', { effortLevel: 'high' })).resolves.toBeUndefined();
  });

  it('the reloads resolve with the answer as sent', async () => {
    const plugins = { commands: [], agents: [], plugins: [], mcpServers: [], error_count: 0, held: false };
    const skills = { skills: [{ name: 'dataviz', description: 'Charts', argumentHint: '' }] };
    const styles = { available_output_styles: ['default', 'Explanatory'] };
    const controls = new RecordingControls({
      reload_plugins: plugins,
      reload_skills: skills,
      reload_output_styles: styles,
    });
    expect(await controls.reloadPlugins({ holdOnCacheImpact: true })).toEqual(plugins);
    expect(await controls.reloadSkills()).toEqual(skills);
    expect(await controls.reloadOutputStyles()).toEqual(styles);
  });
});
