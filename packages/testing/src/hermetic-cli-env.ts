import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Options of {@link hermeticCliEnv}. */
export interface HermeticCliEnvOptions {
  /** The scripted model server's URL, for `ANTHROPIC_BASE_URL` (use `ScriptedModelServer.url`). */
  baseUrl: string;
  /** `ANTHROPIC_API_KEY`; default `test-key`. */
  apiKey?: string;
  /** More variables, applied last (they may override anything above). */
  extra?: Record<string, string>;
}

/** A minimal environment for one CLI run and the temporary home it points at. */
export interface HermeticCliEnv {
  /**
   * Every variable of `process.env` mapped to `undefined` except the kept ones (`PATH`, plus
   * `SystemRoot`, `ComSpec`, `PATHEXT`, `windir` on Windows), and the variables set for the run.
   * As `options.env` it is the CLI's whole environment (`undefined` keys are left out), and merged
   * over `process.env` it yields the same minimal environment.
   */
  env: Record<string, string | undefined>;
  /** The temporary home directory (`HOME`); remove it with `cleanup()`. */
  homeDir: string;
  /** `CLAUDE_CONFIG_DIR`: `<homeDir>/.claude`; the CLI writes settings and transcripts here. */
  configDir: string;
  /** Removes the temporary home. Idempotent; never rejects (a cleanup must not fail a run). */
  cleanup(): Promise<void>;
}

const KEPT_POSIX = ['PATH'];
/** Always named (as `undefined`), so the result does not depend on what the outer env holds when the CLI starts. */
const ALWAYS_UNSET = [
  'ANTHROPIC_AUTH_TOKEN',
  'CLAUDECODE',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'all_proxy',
  'no_proxy',
];
const KEPT_WINDOWS = ['PATH', 'SYSTEMROOT', 'COMSPEC', 'PATHEXT', 'WINDIR'];

/**
 * Creates a fresh temporary `HOME` / `CLAUDE_CONFIG_DIR` and a minimal environment that runs the
 * real Claude Code CLI offline against a scripted model server: `ANTHROPIC_BASE_URL`,
 * `ANTHROPIC_API_KEY`, `CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1`, `ENABLE_TOOL_SEARCH=false`,
 * `PATH` kept, and every other inherited variable unset, so no proxy variable, auth token,
 * `CLAUDECODE`, `CLAUDE_CODE_*` or `ANTHROPIC_*` from the outer environment leaks into the run and
 * all traffic stays on loopback.
 *
 * `CLAUDE_CODE_ENTRYPOINT` is set to `sdk-ts`, the marker hexagent's `CliTransport` sets, so runs
 * are the same inside and outside a Claude Code session (whose own marker would otherwise leak in).
 *
 * @example
 * ```ts
 * const server = await ScriptedModelServer.start([{ content: [text('hi')] }]);
 * const cli = await hermeticCliEnv({ baseUrl: server.url });
 * try {
 *   for await (const message of query({ prompt: 'hi', options: { env: cli.env } })) console.log(message);
 * } finally {
 *   await cli.cleanup();
 *   await server.close();
 * }
 * ```
 */
export async function hermeticCliEnv(options: HermeticCliEnvOptions): Promise<HermeticCliEnv> {
  const homeDir = await mkdtemp(join(tmpdir(), 'hexagent-cli-'));
  const configDir = join(homeDir, '.claude');
  await mkdir(configDir, { recursive: true });

  const windows = process.platform === 'win32';
  const kept = windows ? KEPT_WINDOWS : KEPT_POSIX;
  const env: Record<string, string | undefined> = {};
  for (const name of ALWAYS_UNSET) env[name] = undefined;
  for (const name of Object.keys(process.env)) {
    const keep = kept.includes(windows ? name.toUpperCase() : name);
    env[name] = keep ? process.env[name] : undefined;
  }
  env['HOME'] = homeDir;
  if (windows) env['USERPROFILE'] = homeDir;
  env['CLAUDE_CONFIG_DIR'] = configDir;
  env['ANTHROPIC_BASE_URL'] = options.baseUrl;
  env['ANTHROPIC_API_KEY'] = options.apiKey ?? 'test-key';
  env['CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC'] = '1';
  env['ENABLE_TOOL_SEARCH'] = 'false';
  env['CLAUDE_CODE_ENTRYPOINT'] = 'sdk-ts';
  Object.assign(env, options.extra ?? {});

  let removed: Promise<void> | undefined;
  return {
    env,
    homeDir,
    configDir,
    cleanup() {
      // A CLI still writing its transcript can make a removal fail: the home is left in the temp dir.
      removed ??= rm(homeDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
      return removed;
    },
  };
}
