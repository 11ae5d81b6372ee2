import { describe, expect, it } from 'vitest';
import { RecordingControls } from '../../test/helpers/recording-controls.js';
import { QUERY_CONTROLS } from './control-table.js';

describe('installControlCalls', () => {
  it('writes each request in the call itself, so calls made one after another reach the CLI in that order', () => {
    const controls = new RecordingControls();
    void controls.applyFlagSettings({ model: 'claude-x' });
    void controls.stopTask('task-1');
    void controls.setModel();
    expect(controls.sent.map(([subtype]) => subtype)).toEqual(['apply_flag_settings', 'stop_task', 'set_model']);
  });

  it('leaves the class its own methods (initializationResult, reinitialize) and gives it every other one', () => {
    const own = Object.entries(QUERY_CONTROLS).filter(([, entry]) => 'own' in entry);
    expect(own.map(([name]) => name)).toEqual(['initializationResult', 'reinitialize']);
    expect(Object.hasOwn(RecordingControls.prototype, 'reinitialize')).toBe(false);
    for (const name of Object.keys(QUERY_CONTROLS).filter((name) => !own.some(([ownName]) => ownName === name))) {
      expect(typeof (RecordingControls.prototype as unknown as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('a request that fails rejects, except where the table says what it resolves with (readFile: null)', async () => {
    const failing = new RecordingControls({ read_file: new Error('denied'), set_model: new Error('refused') });
    expect(await failing.readFile('/etc/shadow')).toBeNull();
    await expect(failing.setModel('x')).rejects.toThrow('refused');
  });
});
