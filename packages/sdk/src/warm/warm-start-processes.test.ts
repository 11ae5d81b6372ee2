/**
 * startup() and prewarm() on the stand-in CLI (a real process): `await using` a spare leaves no
 * process and no parking folder, and a CLI that never answers `initialize` ends in
 * InitializeTimeoutError with its process stopped.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processExists } from '@hexagent/testing';
import { type InstalledStandInCli, installStandInCli, type StandInScenario } from '@hexagent/testing/stand-in-cli';
import { afterEach, describe, expect, it } from 'vitest';
import { InitializeTimeoutError } from '../index.js';
import { prewarm } from './prewarm.js';
import { startup } from './startup.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A stand-in CLI playing `scenario` and a config home of its own, both removed after the test. */
function standIn(scenario: StandInScenario = {}): { cli: InstalledStandInCli; configDir: string } {
  const cli = installStandInCli(scenario);
  const configDir = mkdtempSync(join(tmpdir(), 'hexagent-warm-config-'));
  cleanups.push(
    () => cli.remove(),
    () => rmSync(configDir, { recursive: true, force: true }),
  );
  return { cli, configDir };
}

describe('warm start on the stand-in CLI', () => {
  it('await using a spare: the CLI runs parked inside the block, and is gone with its parking folder after it', async () => {
    const { cli, configDir } = standIn();
    let pid: number | undefined;
    {
      await using spare = await prewarm({
        options: { pathToClaudeCodeExecutable: cli.path, env: { ...process.env, CLAUDE_CONFIG_DIR: configDir } },
      });
      pid = cli.pid();
      expect(pid).toBeDefined();
      expect(processExists(pid)).toBe(true);
      expect(readdirSync(join(configDir, 'spares'))).toHaveLength(1);
      expect(cli.notes()[0]).toContain('--await-claim');
      void spare.claimed.catch(() => {});
    }
    // Disposal waited for the process: nothing to poll for.
    expect(processExists(pid)).toBe(false);
    expect(readdirSync(join(configDir, 'spares'))).toEqual([]);
  });

  it.each([
    ['startup', startup],
    ['prewarm', prewarm],
  ] as const)(
    '%s(): a CLI that never answers initialize ends in InitializeTimeoutError, its process stopped',
    async (_name, start) => {
      const { cli, configDir } = standIn({ initialize: { answer: 'none' } });
      const began = Date.now();
      const error = await start({
        options: { pathToClaudeCodeExecutable: cli.path, env: { ...process.env, CLAUDE_CONFIG_DIR: configDir } },
        initializeTimeoutMs: 500,
      }).catch((e: unknown) => e);
      expect(InitializeTimeoutError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'INITIALIZE_TIMEOUT', timeoutMs: 500 });
      // The deadline, not a hang: generous for a loaded machine, far below the 60 s default.
      expect(Date.now() - began).toBeLessThan(15_000);
      // The stand-in had started (it notes its argv first) and is stopped before the rejection.
      expect(cli.notes().some((note) => note.startsWith('received "control_request:initialize"'))).toBe(true);
      const pid = cli.pid();
      expect(pid).toBeDefined();
      expect(processExists(pid)).toBe(false);
      expect(existsSync(join(configDir, 'spares')) ? readdirSync(join(configDir, 'spares')) : []).toEqual([]);
    },
  );
});
