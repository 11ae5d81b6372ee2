import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { repoPaths } from './repo-paths.js';

const run = promisify(execFile);
const SDK = '@anthropic-ai/claude-agent-sdk';
const CLI = '@anthropic-ai/claude-code';

/** An official SDK release on this machine, with the CLI it pairs with. */
export interface OfficialInstall {
  version: string;
  /** The unpacked package (its `package.json`, `sdk.d.ts`, `sdk.mjs`). */
  packageDir: string;
  /** The CLI it pairs with: its `claudeCodeVersion` (or `manifest.json`'s `version`). */
  cliVersion: string;
  /** The native CLI binary of that version. */
  cliPath: string;
  /** Where each came from: the workspace's own install, or the cache. */
  sources: { sdk: string; cli: string };
}

/** Where downloads are kept between runs: `$TMPDIR/hexagent-compat` (`HEXAGENT_COMPAT_CACHE` overrides). */
export function cacheDir(): string {
  return process.env['HEXAGENT_COMPAT_CACHE'] ?? join(tmpdir(), 'hexagent-compat');
}

/** The version hexagent mirrors: `@anthropic-ai/claude-agent-sdk` in packages/drop-in's devDependencies. */
export function mirroredVersion(): string {
  const manifest = JSON.parse(readFileSync(join(repoPaths.dropIn, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
  const version = manifest.devDependencies?.[SDK];
  if (version === undefined) throw new Error(`packages/drop-in/package.json has no ${SDK} devDependency`);
  return version;
}

/** The newest official version on the npm registry. */
export async function newestVersion(): Promise<string> {
  const { stdout } = await run('npm', ['view', SDK, 'version'], { encoding: 'utf8' });
  return stdout.trim();
}

/**
 * The official SDK `version` and its CLI: the workspace's copies when they are that version (no
 * download: CI's pinned run), otherwise an npm install into {@link cacheDir} (kept for the next run).
 * The SDK is installed without its optional per-platform packages (its own CLI binary): both SDKs
 * run the one CLI installed from `@anthropic-ai/claude-code`.
 */
export async function installOfficial(version: string, log: (line: string) => void): Promise<OfficialInstall> {
  let packageDir = join(repoPaths.dropIn, 'node_modules', SDK);
  let sdkSource = 'the workspace (packages/drop-in)';
  if (versionAt(packageDir) !== version) {
    const dir = join(cacheDir(), `sdk-${version}`);
    packageDir = join(dir, 'node_modules', SDK);
    sdkSource = dir;
    if (versionAt(packageDir) !== version) {
      log(`installing ${SDK}@${version} into ${dir}`);
      await npmInstall(dir, [`${SDK}@${version}`, '--omit=optional', '--ignore-scripts']);
    }
  }
  const cliVersion = pairedCliVersion(packageDir);
  let cliDir = workspaceCliDir();
  let cliSource = 'the workspace (@hexagent/testing)';
  if (cliDir === undefined || versionAt(cliDir) !== cliVersion) {
    const dir = join(cacheDir(), `cli-${cliVersion}`);
    cliDir = join(dir, 'node_modules', CLI);
    cliSource = dir;
    if (versionAt(cliDir) !== cliVersion || !existsSync(join(cliDir, 'bin', 'claude.exe'))) {
      log(`installing ${CLI}@${cliVersion} into ${dir}`);
      await npmInstall(dir, [`${CLI}@${cliVersion}`]);
    }
  }
  const cliPath = join(cliDir, 'bin', 'claude.exe');
  if (!existsSync(cliPath)) throw new Error(`${CLI}@${cliVersion} installed no binary at ${cliPath}`);
  return { version, packageDir, cliVersion, cliPath, sources: { sdk: sdkSource, cli: cliSource } };
}

/** The CLI version a release names: `claudeCodeVersion` in its package.json, else its manifest's `version`. */
export function pairedCliVersion(packageDir: string): string {
  const manifest = readJson(join(packageDir, 'package.json'));
  if (typeof manifest['claudeCodeVersion'] === 'string') return manifest['claudeCodeVersion'];
  const binaries = readJson(join(packageDir, 'manifest.json'));
  if (typeof binaries['version'] === 'string') return binaries['version'];
  throw new Error(`${packageDir} names no Claude Code version (package.json claudeCodeVersion, manifest.json version)`);
}

function workspaceCliDir(): string | undefined {
  try {
    const testing = createRequire(join(repoPaths.compat, 'package.json')).resolve('@hexagent/testing/package.json');
    return dirname(createRequire(testing).resolve(`${CLI}/package.json`));
  } catch {
    return undefined;
  }
}

async function npmInstall(dir: string, args: string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
  await run(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', ...args],
    { cwd: dir, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
}

function versionAt(packageDir: string): string | undefined {
  const file = join(packageDir, 'package.json');
  if (!existsSync(file)) return undefined;
  const version = readJson(file)['version'];
  return typeof version === 'string' ? version : undefined;
}

function readJson(file: string): Record<string, unknown> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}
