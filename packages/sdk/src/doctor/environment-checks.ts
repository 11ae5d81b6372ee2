import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cliConfigDirOf, redactSecrets } from '@hexagent/transport-cli';
import type { DoctorCheck } from './doctor-types.js';

/** Node.js: 20 or newer, and `require()` of the ES module build needs 20.19+ or 22.12+. */
export function checkNode(version: string = process.versions.node): DoctorCheck {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major < 20) {
    return { name: 'Node.js', status: 'problem', detail: version, fix: 'Install Node.js 20 or newer (22 or 24 LTS).' };
  }
  const requireEsm = major > 22 || (major === 22 && minor >= 12) || (major === 20 && minor >= 19);
  if (!requireEsm) {
    return {
      name: 'Node.js',
      status: 'warning',
      detail: `${version}: \`import\` works, \`require('@hexagent/sdk')\` does not`,
      fix: 'Use `import`, or Node.js 20.19+ / 22.12+ for `require()`.',
    };
  }
  return { name: 'Node.js', status: 'ok', detail: version };
}

/**
 * The CLI's config directory (`CLAUDE_CONFIG_DIR`, else `.claude` in `HOME`) exists and is writable,
 * or can be created. One that is a file is a problem: the CLI then answers queries but saves no
 * session, so a later `resume` finds "No conversation found".
 */
export function checkConfigDir(env: Readonly<Record<string, string | undefined>>, cwd?: string): DoctorCheck {
  const { dir, variable } = cliConfigDirOf(env, cwd);
  let existing = dir;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  if (!statSync(existing).isDirectory()) {
    return {
      name: 'Config directory',
      status: 'problem',
      detail:
        existing === dir
          ? `${dir} (from ${variable}) is a file, not a directory: the CLI answers queries but saves no session`
          : `${existing} is not a directory, so ${dir} (from ${variable}) cannot be created`,
      fix: `Move ${existing} out of the way, or set CLAUDE_CONFIG_DIR to a writable directory.`,
    };
  }
  try {
    accessSync(existing, constants.W_OK);
    return { name: 'Config directory', status: 'ok', detail: existing === dir ? dir : `${dir} (will be created)` };
  } catch {
    return {
      name: 'Config directory',
      status: 'problem',
      detail: `${existing} is not writable`,
      fix: `Make ${existing} writable by this user, or set CLAUDE_CONFIG_DIR to a writable directory.`,
    };
  }
}

/** The variables the CLI authenticates with, by name (never their values), or a stored login. */
export function checkAuth(env: Readonly<Record<string, string | undefined>>): DoctorCheck {
  const names = [
    'ANTHROPIC_API_KEY',
    'ANTHROPIC_AUTH_TOKEN',
    'CLAUDE_CODE_OAUTH_TOKEN',
    'CLAUDE_CODE_USE_BEDROCK',
    'CLAUDE_CODE_USE_VERTEX',
    'CLAUDE_CODE_USE_FOUNDRY',
  ].filter((name) => (env[name] ?? '') !== '');
  if (names.length > 0) {
    // A base URL may carry a password (`https://user:password@proxy`): never print it.
    const base = env['ANTHROPIC_BASE_URL'] ? `, ANTHROPIC_BASE_URL=${redactSecrets(env['ANTHROPIC_BASE_URL'])}` : '';
    return { name: 'Authentication', status: 'ok', detail: `${names.join(', ')} set${base}` };
  }
  const configDir = cliConfigDirOf(env).dir;
  if (existsSync(join(configDir, '.credentials.json'))) {
    return { name: 'Authentication', status: 'ok', detail: `a Claude Code login in ${configDir}` };
  }
  return {
    name: 'Authentication',
    status: 'warning',
    detail: 'no ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or CLAUDE_CODE_OAUTH_TOKEN, and no stored login',
    fix:
      'Set ANTHROPIC_API_KEY (or log in with `claude` once). Without it every query ends in a result with ' +
      'is_error: true saying "Not logged in".',
  };
}

/** The C library on Linux, which decides the CLI's platform package (`-musl` on Alpine). */
export function checkLibc(cliPath: string | undefined): DoctorCheck {
  if (process.platform !== 'linux') return { name: 'libc', status: 'ok', detail: `not Linux (${process.platform})` };
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const glibc = report?.header?.glibcVersionRuntime;
  const libc = glibc === undefined ? 'musl' : `glibc ${glibc}`;
  const fromMuslPackage = cliPath?.includes('-musl') ?? false;
  if (cliPath !== undefined && /claude-code-linux-/.test(cliPath) && fromMuslPackage !== (glibc === undefined)) {
    return {
      name: 'libc',
      status: 'problem',
      detail: `${libc}, but the CLI found is the ${fromMuslPackage ? 'musl' : 'glibc'} build`,
      fix: 'Reinstall node_modules on this machine (npm picks the platform package for its libc).',
    };
  }
  return { name: 'libc', status: 'ok', detail: libc };
}
