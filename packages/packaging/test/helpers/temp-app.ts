import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cleanEnv } from './packages.js';

const run = promisify(execFile);

/** The fixtures the apps are made of. */
export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

/** What an app run printed and how it ended. */
export interface AppRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The last line of stdout, parsed (the smoke's report), if it is JSON. */
  report: Record<string, unknown> | undefined;
}

/**
 * Creates an npm project in `dir` (an ES module package, as `npm init` makes it with `type`) with
 * the tarballs and the third-party packages a user adds (`zod`, `@types/node`) installed by npm, and
 * the app fixtures copied in.
 */
export async function createApp(dir: string, tarballs: readonly string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'packaging-app', private: true, type: 'module' }));
  const nodeMajor = process.versions.node.split('.')[0];
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs, 'zod@^4', `@types/node@^${nodeMajor}`],
    { cwd: dir, env: cleanEnv(), maxBuffer: 16 * 1024 * 1024 },
  );
  for (const name of ['smoke.cjs', 'app.mjs', 'app.cjs', 'smoke-set.mjs'])
    copyFileSync(join(FIXTURES, name), join(dir, name));
}

/** Runs `node <script>` in `cwd` with the given extra env and returns what happened. */
export async function runApp(script: string, cwd: string, extraEnv: Record<string, string> = {}): Promise<AppRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [script], {
      cwd,
      env: cleanEnv(extraEnv),
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr, report: lastJsonLine(stdout) };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    const stdout = failed.stdout ?? '';
    return { code: failed.code ?? -1, stdout, stderr: failed.stderr ?? '', report: lastJsonLine(stdout) };
  }
}

/** Runs the workspace's tsc with `args` in `cwd`; its output when it fails, '' when it passes. */
export async function tsc(cwd: string, args: readonly string[]): Promise<string> {
  const bin = join(import.meta.dirname, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    await run(process.execPath, [bin, ...args], { cwd, env: cleanEnv() });
    return '';
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}` || failed.message;
  }
}

/** The first ```ts block under the README's "## Quick start". */
export function readmeQuickStart(readmePath: string): string {
  const readme = readFileSync(readmePath, 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (match?.[1] === undefined) throw new Error(`no \`\`\`ts block under "## Quick start" in ${readmePath}`);
  return match[1];
}

function lastJsonLine(stdout: string): Record<string, unknown> | undefined {
  const last = stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(last) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
