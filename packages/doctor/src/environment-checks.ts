import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type AccountInfo, cliCredentialsOf } from '@hexagent/core';
import { cliConfigDirOf, findCliEnvProblems } from '@hexagent/transport-cli';
import { redactSecrets } from '@hexagent/transport-kit';
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
 * The CLI's config directory (`CLAUDE_CONFIG_DIR`, else `.claude` in `HOME`), checked by the code a
 * query's spawn warns with (`findCliEnvProblems`): a file there, or a directory that cannot be
 * made or written, is a problem. It is found by making (and removing) what the CLI will make, not
 * by `access()`, which says yes to root on `/sys`. The CLI then answers queries but saves no
 * session, so a later `resume` finds "No conversation found".
 */
export function checkConfigDir(env: Readonly<Record<string, string | undefined>>, cwd?: string): DoctorCheck {
  const { dir } = cliConfigDirOf(env, cwd);
  // PATH is the Environment line's business; here only the config directory counts.
  const problem = findCliEnvProblems({ env, ...(cwd !== undefined && { cwd }) }).find(
    (found) => found.code !== 'HEXAGENT_ENV_WITHOUT_PATH',
  );
  if (problem === undefined) {
    return { name: 'Config directory', status: 'ok', detail: existsSync(dir) ? dir : `${dir} (can be created)` };
  }
  return { name: 'Config directory', status: 'problem', detail: problem.detail, fix: problem.fix };
}

/**
 * The variables the CLI authenticates with, by name (never their values), or a stored login. With
 * none it is a problem: every query then ends in a result saying "Not logged in". `doctor()` asks
 * the CLI itself when it starts (an `apiKeyHelper` or settings `env` it reads), see
 * {@link authFromCli}.
 */
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
    status: 'problem',
    detail: 'no ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or CLAUDE_CODE_OAUTH_TOKEN, and no stored login',
    fix: NOT_LOGGED_IN_FIX,
  };
}

const NOT_LOGGED_IN_FIX =
  'Set ANTHROPIC_API_KEY in the environment of your queries (or log in with `claude` once). Without a ' +
  'credential every query ends in a result with is_error: true saying "Not logged in".';

/**
 * The Authentication line as the CLI itself reports its credentials (the `account` of its
 * `initialize` answer, sorted by core's `cliCredentialsOf`, as the session's watch for rejected
 * credentials sorts it): what the CLI found beyond the variables (an `apiKeyHelper`, settings
 * `env`), or that it found nothing.
 */
export function authFromCli(fromEnv: DoctorCheck, account: AccountInfo): DoctorCheck {
  const credentials = cliCredentialsOf(account);
  if (credentials.none) {
    return {
      name: 'Authentication',
      status: 'problem',
      detail: 'the CLI reports no credential (no API key, auth token, OAuth token, key helper or login)',
      fix: NOT_LOGGED_IN_FIX,
    };
  }
  if (fromEnv.status === 'ok') return fromEnv;
  const said = [account.apiKeySource, account.tokenSource, account.subscriptionType, account.apiProvider]
    .filter((value) => value !== undefined && value !== 'none' && value !== 'firstParty')
    .join(', ');
  return { name: 'Authentication', status: 'ok', detail: `the CLI reports ${said || 'a credential'}` };
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
