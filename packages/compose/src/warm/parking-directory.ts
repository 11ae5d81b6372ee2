import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { InvalidOptionError, type Options } from '@hexagent/core';

/**
 * The folder a spare is parked in until its claim: a fresh `spares/spare-XXXXXX` under the
 * config home the CLI will use (`CLAUDE_CONFIG_DIR`, else `HOME/.claude`, read from
 * `options.env` when given since it replaces `process.env`), as the official SDK makes it.
 */
export async function createParkingDirectory(options: Options): Promise<{ path: string; remove(): Promise<void> }> {
  const env = options.env ?? process.env;
  const configHome = env.CLAUDE_CONFIG_DIR?.trim() || join(env.HOME?.trim() || homedir(), '.claude');
  if (!isAbsolute(configHome)) {
    throw new InvalidOptionError({
      option: 'cwd',
      message:
        'no absolute config home to park the spare under (neither CLAUDE_CONFIG_DIR nor HOME gives an absolute path); set one of them or pass options.cwd',
    });
  }
  const spares = join(configHome, 'spares');
  await mkdir(spares, { recursive: true, mode: 0o700 });
  const path = await mkdtemp(join(spares, 'spare-'));
  let removal: Promise<void> | undefined;
  return {
    path,
    remove: () => {
      removal ??= rm(path, { recursive: true, force: true }).catch(() => {});
      return removal;
    },
  };
}
