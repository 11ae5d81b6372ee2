import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

/** The project path the fixture transcripts were written from (the folder name sanitizes it). */
export const FIXTURE_DIR = '/tmp/h-sessfn/real/work';
/** The real CLI's two-turn session with a tool call, and its session with a sub-agent. */
export const TOOL_SESSION = 'c50359f3-e947-499f-b6b0-1cfd31bc249a';
export const AGENT_SESSION = '0bf06b4e-a1f0-47f3-8751-7cb62318a352';
export const AGENT_ID = 'a7e0766645f1e411c';
/** The real CLI's session where a prompt arrived while a tool ran (delivered mid-turn). */
export const QUEUED_SESSION = 'bf3684d8-6bae-4b05-9f72-181472813b77';

/** A temporary `CLAUDE_CONFIG_DIR` (optionally holding the fixture transcripts), restored by `dispose`. */
export function tempConfigDir(withFixtures = true): { root: string; projects: string; dispose(): void } {
  const root = mkdtempSync(join(tmpdir(), 'hexagent-sessions-'));
  if (withFixtures)
    cpSync(join(import.meta.dirname, '__fixtures__', 'projects'), join(root, 'projects'), { recursive: true });
  vi.stubEnv('CLAUDE_CONFIG_DIR', root);
  return {
    root,
    projects: join(root, 'projects'),
    dispose() {
      vi.unstubAllEnvs();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
