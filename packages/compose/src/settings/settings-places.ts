import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the Claude Code CLI keeps the settings it reads outside a project. */
export interface SettingsPlaces {
  /** The user's settings file: `$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`. */
  readonly userFile: string;
  /** The folder of `managed-settings.json` and `managed-settings.d/` (the administrator's policy). */
  readonly managedDir: string;
}

/** The places this machine's CLI reads, from the environment and the platform. */
export function settingsPlaces(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): SettingsPlaces {
  const configDir = env.CLAUDE_CONFIG_DIR || join(home, '.claude');
  return { userFile: join(configDir, 'settings.json'), managedDir: managedSettingsDir(platform) };
}

function managedSettingsDir(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode';
  return '/etc/claude-code';
}
