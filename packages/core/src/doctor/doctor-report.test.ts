import { describe, expect, it } from 'vitest';
import { formatDoctorReport } from './doctor-report.js';

describe('formatDoctorReport', () => {
  it('ends on a verdict that follows the findings: warnings are named, not passed over', () => {
    const warn = { name: 'Options', status: 'warning', detail: 'x', fix: 'y' } as const;
    const ok = { name: 'Node.js', status: 'ok', detail: '20' } as const;
    expect(
      formatDoctorReport({ ok: true, checks: [ok] })
        .split('\n')
        .at(-1),
    ).toBe('hexagent can run queries here.');
    expect(
      formatDoctorReport({ ok: true, checks: [ok, warn] })
        .split('\n')
        .at(-1),
    ).toBe('hexagent can run queries here; read the warn line above.');
  });

  it('prints a line per check, the fix under each that is not fine, and the verdict', () => {
    const text = formatDoctorReport({
      ok: false,
      checks: [
        { name: 'Node.js', status: 'ok', detail: '20.20.2' },
        { name: 'Claude Code CLI', status: 'problem', detail: 'not found', fix: 'install it' },
      ],
    });
    expect(text.split('\n')).toEqual([
      'ok   Node.js: 20.20.2',
      'FAIL Claude Code CLI: not found',
      '     fix: install it',
      'hexagent cannot run queries here until the FAIL lines are fixed.',
    ]);
  });
});
