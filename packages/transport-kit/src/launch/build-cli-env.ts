import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Options } from '@hexagent/core';
import { moduleLocation } from '../module-location.js';

/** The variable that tells the CLI which kind of client started it. */
export const ENTRYPOINT_ENV_VAR = 'CLAUDE_CODE_ENTRYPOINT';

/** The entrypoint marker this SDK sets, the one the official TypeScript SDK uses. */
export const SDK_ENTRYPOINT = 'sdk-ts';

/** The variable with which a client names itself in the CLI's User-Agent (`client-app/<value>`). */
export const CLIENT_APP_ENV_VAR = 'CLAUDE_AGENT_SDK_CLIENT_APP';

/** The variables option-driven settings go through. */
const CHECKPOINTING_ENV_VAR = 'CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING';
const PREVIEW_FORMAT_ENV_VAR = 'CLAUDE_CODE_QUESTION_PREVIEW_FORMAT';
const READS_SESSION_STATE_ENV_VAR = 'CLAUDE_CODE_SDK_READS_SESSION_STATE';
/**
 * The variable with which `startup()` and `prewarm()` ask the CLI for its start-up checkpoints: it
 * then writes `keep_alive` lines with a `startup_mark` before it answers `initialize`.
 */
export const READS_STARTUP_MARKS_ENV_VAR = 'CLAUDE_CODE_SDK_READS_STARTUP_MARKS';
/** Switches of hidden official options, never inherited: the official SDK drops them from a copied `process.env`. */
const NOT_INHERITED = [
  'CLAUDE_CODE_QUESTION_EXTENDED',
  'CLAUDE_CODE_QUESTION_OPTIONAL_DESCRIPTIONS',
  'CLAUDE_CODE_AGENT_PROGRESS_SUMMARIES',
];

/** The variables the W3C trace context goes through, as the official SDK sets them. */
const TRACE_ENV_VARS = ['TRACEPARENT', 'TRACESTATE'];

let clientApp: string | undefined;

/** `hexagent/<version of this package>`, read once. */
export function hexagentClientApp(): string {
  clientApp ??= `hexagent/${ownVersion() ?? 'unknown'}`;
  return clientApp;
}

/** The version in a manifest, when it is this package's. */
function versionOf(manifest: { name?: unknown; version?: unknown }): string | undefined {
  return manifest.name === '@hexagent/transport-kit' && typeof manifest.version === 'string'
    ? manifest.version
    : undefined;
}

/**
 * This package's version: from the manifest next to `dist/`, read as a file (a `require()` of it
 * would cost the first query ~3 ms of CommonJS loader start-up before the spawn), else (in an app's
 * bundle, where `../` is the app) from the package as the bundle resolves it; `undefined` when
 * neither is there.
 */
function ownVersion(): string | undefined {
  const location = moduleLocation(import.meta.url);
  try {
    const file = location.startsWith('file:')
      ? new URL('../package.json', location)
      : join(dirname(location), '..', 'package.json');
    const version = versionOf(JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown });
    if (version !== undefined) return version;
  } catch {
    // Not there, or not JSON: resolve the package instead.
  }
  try {
    return versionOf(
      createRequire(location)('@hexagent/transport-kit/package.json') as { name?: unknown; version?: unknown },
    );
  } catch {
    return undefined;
  }
}

/** What {@link buildCliEnv} adds besides the options: facts of the launch, not of the session. */
export interface CliEnvFlags {
  /** `startup()` and `prewarm()`: ask the CLI for its start-up checkpoints (`CLAUDE_CODE_SDK_READS_STARTUP_MARKS`). */
  readsStartupMarks?: boolean | undefined;
}

/**
 * The environment of the CLI process, with the official SDK's semantics: a copy of `options.env`
 * when given (it replaces the inherited environment; it is not merged), else a copy of
 * `processEnv`. Then, as the official SDK does:
 * - `CLAUDE_CODE_ENTRYPOINT=sdk-ts` unless set (the CLI then behaves as for SDK clients);
 * - `CLAUDE_CODE_SDK_READS_SESSION_STATE=1` unless set in any letter case (the CLI then reports its
 *   idle/running state in host-only messages, which the session does not yield);
 * - with `flags.readsStartupMarks` (`startup()`, `prewarm()`), `CLAUDE_CODE_SDK_READS_STARTUP_MARKS=1`
 *   unless set in any letter case (the CLI then writes its start-up checkpoints in `keep_alive` lines);
 * - `NODE_OPTIONS` removed; `DEBUG` removed, or `DEBUG=1` when `DEBUG_CLAUDE_AGENT_SDK` is on;
 * - `CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true` with `enableFileCheckpointing`, and
 *   `CLAUDE_CODE_QUESTION_PREVIEW_FORMAT` from `toolConfig.askUserQuestion.previewFormat`;
 * - from an inherited `process.env` only: the switches of hidden official options
 *   (`CLAUDE_CODE_QUESTION_EXTENDED`, `..._OPTIONAL_DESCRIPTIONS`, `CLAUDE_CODE_AGENT_PROGRESS_SUMMARIES`) removed.
 *
 * - from `traceContext` (the caller's trace context, `traceparent`/`tracestate` as a propagator
 *   writes them), each entry as the variable named in upper case (`TRACEPARENT`, `TRACESTATE`),
 *   unless `options.env` sets it; with a `traceparent`, an inherited `TRACEPARENT`/`TRACESTATE`
 *   that `options.env` does not set is dropped first, so a stale one cannot pair with the new one.
 *
 * Unlike the official SDK, it does not set `CLAUDE_AGENT_SDK_VERSION` (the official SDK's version:
 * hexagent is not that SDK and must not claim its version). It names itself instead, in
 * `CLAUDE_AGENT_SDK_CLIENT_APP=hexagent/<version>` (the CLI's User-Agent gets `client-app/...`),
 * unless that variable is set, so an application's own name wins. Keys whose value is `undefined`
 * are kept as such (the spawner drops them). Nothing here is logged. The process spawners add
 * `withCrashReportingOff` on top (a relay's hello does not carry it).
 *
 * @example
 * ```ts
 * buildCliEnv({ env: { PATH: '/bin', SECRET: undefined } }, process.env);
 * // { PATH: '/bin', SECRET: undefined, CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
 * //   CLAUDE_AGENT_SDK_CLIENT_APP: 'hexagent/0.1.0', CLAUDE_CODE_SDK_READS_SESSION_STATE: '1' }
 * ```
 */
export function buildCliEnv(
  options: Pick<Options, 'env' | 'enableFileCheckpointing' | 'toolConfig'>,
  processEnv: Readonly<Record<string, string | undefined>> = process.env,
  traceContext?: Readonly<Record<string, string>>,
  flags: CliEnvFlags = {},
): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...(options.env ?? processEnv) };
  if (traceContext !== undefined) addTraceContext(env, traceContext, options.env ?? {});
  if (!env[ENTRYPOINT_ENV_VAR]) env[ENTRYPOINT_ENV_VAR] = SDK_ENTRYPOINT;
  if (!env[CLIENT_APP_ENV_VAR]) env[CLIENT_APP_ENV_VAR] = hexagentClientApp();
  if (options.enableFileCheckpointing === true) env[CHECKPOINTING_ENV_VAR] = 'true';
  if (!setInAnyCase(env, READS_SESSION_STATE_ENV_VAR)) {
    env[READS_SESSION_STATE_ENV_VAR] = '1';
  }
  if (flags.readsStartupMarks === true && !setInAnyCase(env, READS_STARTUP_MARKS_ENV_VAR)) {
    env[READS_STARTUP_MARKS_ENV_VAR] = '1';
  }
  const previewFormat = options.toolConfig?.askUserQuestion?.previewFormat;
  if (previewFormat) env[PREVIEW_FORMAT_ENV_VAR] = previewFormat;
  if (options.env === undefined) {
    for (const key of Object.keys(env)) if (NOT_INHERITED.includes(key.toUpperCase())) delete env[key];
  }
  delete env['NODE_OPTIONS'];
  if (isOn(env['DEBUG_CLAUDE_AGENT_SDK'])) env['DEBUG'] = '1';
  else delete env['DEBUG'];
  return env;
}

/** The trace context's entries as upper-case variables, where the given `env` does not set them. */
function addTraceContext(
  env: Record<string, string | undefined>,
  traceContext: Readonly<Record<string, string>>,
  given: Readonly<Record<string, string | undefined>>,
): void {
  if ('traceparent' in traceContext) {
    for (const key of TRACE_ENV_VARS) if (!(key in given)) delete env[key];
  }
  for (const [key, value] of Object.entries(traceContext)) {
    const name = key.toUpperCase();
    if (!(name in given)) env[name] = value;
  }
}

/** True when `env` has the variable `name` in any letter case (as the official SDK checks its switches). */
function setInAnyCase(env: Readonly<Record<string, string | undefined>>, name: string): boolean {
  return Object.keys(env).some((key) => key.toUpperCase() === name);
}

/** The environment without its `undefined` entries, as a spawner that wants strings takes it. */
export function definedEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) defined[key] = value;
  return defined;
}

function isOn(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase().trim());
}
