import { describe, expect, it } from 'vitest';
import { ManualClock } from '../util/manual-clock.js';
import { STARTUP_MARK_MAX_LENGTH, StartupMarkTracker } from './startup-mark-tracker.js';

describe('StartupMarkTracker', () => {
  it('keeps the last startup_mark of a keep_alive, with its age now', () => {
    const clock = new ManualClock();
    const marks = new StartupMarkTracker(clock);
    expect(marks.reached()).toBeUndefined();
    marks.observe({ type: 'keep_alive', startup_mark: 'cli_entry' });
    clock.advance(40);
    marks.observe({ type: 'keep_alive', startup_mark: 'settings_loaded' });
    clock.advance(1_250);
    expect(marks.reached()).toEqual({ mark: 'settings_loaded', ageMs: 1_250 });
  });

  it('ignores a keep_alive without a mark, a mark that is not a string or too long, and other messages', () => {
    const clock = new ManualClock();
    const marks = new StartupMarkTracker(clock);
    marks.observe({ type: 'keep_alive', startup_mark: 'tools_ready' });
    for (const message of [
      { type: 'keep_alive' },
      { type: 'keep_alive', startup_mark: 42 },
      { type: 'keep_alive', startup_mark: 'x'.repeat(STARTUP_MARK_MAX_LENGTH + 1) },
      { type: 'system', subtype: 'init', startup_mark: 'not_a_keep_alive' },
    ]) {
      marks.observe(message);
    }
    expect(marks.reached()?.mark).toBe('tools_ready');
    const longest = 'y'.repeat(STARTUP_MARK_MAX_LENGTH);
    marks.observe({ type: 'keep_alive', startup_mark: longest });
    expect(marks.reached()?.mark).toBe(longest);
  });
});
