import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { CliLookupHost } from './cli-lookup-host.js';
import { nodeCliLookupHost } from './cli-lookup-host.js';

/** The npm package that ships the Claude Code CLI. */
export const CLAUDE_CODE_PACKAGE = '@anthropic-ai/claude-code';

/** A `bin/claude.exe` smaller than this that starts with text is the install-time placeholder. */
const PLACEHOLDER_MAX_BYTES = 10 * 1024;
const MAX_MANIFEST_BYTES = 64 * 1024;

/** File extensions of a script build of the CLI, which a runtime must run (the official SDK's, and `.cjs`). */
const SCRIPT_EXTENSION = /\.(?:js|mjs|cjs|ts|tsx|jsx)$/i;

/** An `@anthropic-ai/claude-code` installed without the native binary for this machine. */
export interface CliPackageWithoutBinary {
  /** The package's directory. */
  packageDir: string;
  /** Its version, when its manifest says. */
  version?: string;
  /** The platform package that should hold the binary (the first, when several would do). */
  platformPackage: string;
}

/** What the package lookup reads and what it reports. */
export interface PackageLookup {
  host: CliLookupHost;
  /** Receives every path checked, in order. */
  tried: string[];
  /** Receives each package found without its native binary (once per package). */
  withoutBinary: CliPackageWithoutBinary[];
}

/** True when `path` is a JavaScript build of the CLI, to be run by `node`, `bun` or `deno`. */
export function isCliScript(path: string): boolean {
  return SCRIPT_EXTENSION.test(path);
}

/**
 * The CLI of the `@anthropic-ai/claude-code` package visible from the module `from` (a path, or a
 * `file:` URL on the Node host): its `bin` once its postinstall put the native binary there, else
 * the platform package's binary (`@anthropic-ai/claude-code-<platform>-<arch>[-musl]/claude[.exe]`).
 */
export function findCliFromModule(from: string, lookup: PackageLookup): string | undefined {
  const packageDir = findPackageDir(CLAUDE_CODE_PACKAGE, from, lookup.host);
  if (packageDir === undefined) {
    lookup.tried.push(lookup.host.path.join(directoryOf(from, lookup.host), 'node_modules', CLAUDE_CODE_PACKAGE));
    return undefined;
  }
  const bin = readManifest(lookup.host.path.join(packageDir, 'package.json'), lookup.host)?.bin;
  if (bin !== undefined) {
    const binPath = lookup.host.path.join(packageDir, bin);
    lookup.tried.push(binPath);
    if (isCliScript(binPath) ? lookup.host.isReadableFile(binPath) : lookup.host.isExecutableFile(binPath)) {
      if (isCliScript(binPath) || !isPlaceholder(binPath, lookup.host)) return binPath;
    }
  }
  return nativeBinaryOf(packageDir, lookup);
}

/**
 * A found executable, or what it stands for: when it is the placeholder `bin/claude.exe` of an
 * `@anthropic-ai/claude-code` package (reached through `node_modules/.bin/claude`, a Windows shim
 * or an explicit path), the package's native binary instead, or `undefined` when the package has
 * none (recorded in `lookup.withoutBinary`). Any other file is used as is.
 */
export function realCliFor(file: string, lookup: PackageLookup): string | undefined {
  const { host } = lookup;
  const real = host.realpath(file);
  if (!isPlaceholder(real, host)) return file;
  const packageDir = host.path.dirname(host.path.dirname(real));
  if (host.path.basename(host.path.dirname(real)) !== 'bin') return file;
  if (readManifest(host.path.join(packageDir, 'package.json'), host)?.name !== CLAUDE_CODE_PACKAGE) return file;
  return nativeBinaryOf(packageDir, lookup);
}

/** The platform package's binary for the package in `packageDir`, or `undefined`, recorded. */
function nativeBinaryOf(packageDir: string, lookup: PackageLookup): string | undefined {
  const { host } = lookup;
  // The platform package is a dependency of the claude-code package, so it is looked up from there.
  const manifestPath = host.path.join(packageDir, 'package.json');
  const candidates = platformPackages(host);
  for (const { name, bin } of candidates) {
    const nativeDir = findPackageDir(name, manifestPath, host);
    if (nativeDir === undefined) {
      lookup.tried.push(host.path.join(host.path.dirname(host.path.dirname(packageDir)), name, bin));
      continue;
    }
    const native = host.path.join(nativeDir, bin);
    lookup.tried.push(native);
    if (host.isExecutableFile(native)) return native;
  }
  const real = host.realpath(packageDir);
  if (!lookup.withoutBinary.some((entry) => entry.packageDir === real)) {
    const version = readManifest(manifestPath, host)?.version;
    lookup.withoutBinary.push({
      packageDir: real,
      ...(version !== undefined && { version }),
      platformPackage: candidates[0]?.name ?? `${CLAUDE_CODE_PACKAGE}-${host.platform}-${host.arch}`,
    });
  }
  return undefined;
}

/**
 * The directory of package `name` as Node would resolve it from the module `from`, but only from a
 * `node_modules` folder above `from`: the global folders (`NODE_PATH`, `~/.node_modules`) are not
 * "installed here", and a package manager's shims put its whole store on `NODE_PATH`. Under Yarn
 * Plug'n'Play, whose resolution has no folders, Node's resolution is used as is.
 */
function findPackageDir(name: string, from: string, host: CliLookupHost): string | undefined {
  const { path } = host;
  for (let dir = directoryOf(from, host); ; dir = path.dirname(dir)) {
    if (path.basename(dir) !== 'node_modules') {
      const candidate = path.join(dir, 'node_modules', name);
      if (host.isReadableFile(path.join(candidate, 'package.json'))) return host.realpath(candidate);
    }
    if (path.dirname(dir) === dir) break;
  }
  if (host === nodeCliLookupHost && process.versions['pnp'] !== undefined) {
    try {
      return path.dirname(createRequire(from).resolve(`${name}/package.json`));
    } catch {
      // Not installed.
    }
  }
  return undefined;
}

/** The `name`, `version` and `claude` bin of a package manifest, as far as it has them. */
function readManifest(
  manifestPath: string,
  host: CliLookupHost,
): { name?: string; version?: string; bin?: string } | undefined {
  const start = host.readStart(manifestPath, MAX_MANIFEST_BYTES);
  if (start === undefined) return undefined;
  try {
    const manifest: unknown = JSON.parse(new TextDecoder().decode(start.bytes));
    if (typeof manifest !== 'object' || manifest === null) return undefined;
    const { name, version, bin } = manifest as Record<string, unknown>;
    const claude = typeof bin === 'object' && bin !== null ? (bin as Record<string, unknown>)['claude'] : bin;
    return {
      ...(typeof name === 'string' && { name }),
      ...(typeof version === 'string' && { version }),
      ...(typeof claude === 'string' && { bin: claude }),
    };
  } catch {
    // An unreadable manifest is treated like a missing bin: the platform package may still be there.
    return undefined;
  }
}

/**
 * The package's `bin/claude.exe` is a small text stub until its postinstall copies the native
 * binary over it; running the stub only prints install instructions.
 */
export function isPlaceholder(path: string, host: CliLookupHost): boolean {
  const start = host.readStart(path, 64);
  if (start === undefined || start.size >= PLACEHOLDER_MAX_BYTES || start.bytes.length === 0) return false;
  return start.bytes.every((byte) => byte === 0x09 || byte === 0x0a || byte === 0x0d || (byte >= 0x20 && byte < 0x7f));
}

/** The platform packages that may hold a native binary for this machine, best first. */
function platformPackages(host: CliLookupHost): Array<{ name: string; bin: string }> {
  const { platform, arch } = host;
  let keys: string[];
  if (platform === 'linux') keys = [`linux-${arch}${host.isMusl() ? '-musl' : ''}`];
  else if (platform === 'android') keys = [`linux-${arch}-android`];
  // An x64 Node under Rosetta 2 can run the arm64 binary, which is the one that works there.
  else if (platform === 'darwin' && arch === 'x64') keys = ['darwin-x64', 'darwin-arm64'];
  else keys = [`${platform}-${arch}`];
  const bin = platform === 'win32' ? 'claude.exe' : 'claude';
  return keys.map((key) => ({ name: `${CLAUDE_CODE_PACKAGE}-${key}`, bin }));
}

/** The directory of a module given as a path or a `file:` URL. */
function directoryOf(from: string, host: CliLookupHost): string {
  return host.path.dirname(from.startsWith('file:') ? fileURLToPath(from) : from);
}
