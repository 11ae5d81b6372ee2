/**
 * The build bundles execa and signal-exit (its exit hook) into `dist/vendor/execa.js` (see
 * `src/vendor/execa.ts` and `scripts/bundle-vendor.mjs`). These tests read the built output: the
 * bundle is self-contained, works, carries the licenses, and the built transport uses it and loads
 * nothing from node_modules.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFO, standInCli } from './helpers/stand-in.js';
import { makeTempDir, removeTempDirs } from './helpers/temp-dirs.js';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const DIST = join(PACKAGE, 'dist');
const BUNDLE = join(DIST, 'vendor', 'execa.js');
const LICENSES = join(DIST, 'vendor', 'execa.LICENSES.md');
const devDependencies = (
  JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
).devDependencies;
const version = devDependencies['execa'];

beforeAll(() => {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: build transport-cli first (pnpm build)`);
});
afterAll(() => {
  removeTempDirs();
});

/** Every module specifier the bundle imports statically, dynamically or through its `require`. */
function specifiersOf(code: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\b[^'"]*?\bfrom\s*(['"])([^'"]+)\1/gm,
    /^\s*import\s*(['"])([^'"]+)\1/gm,
    /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g,
    /\b__require\(\s*(['"])([^'"]+)\1\s*\)/g,
  ];
  return [...new Set(patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[2] as string)))];
}

describe('the bundled execa (dist/vendor/execa.js)', () => {
  const code = () => readFileSync(BUNDLE, 'utf8');

  it('is execa at the pinned version, in one module that imports only Node.js builtins', () => {
    expect(code().startsWith(`/*! execa ${version} and its dependencies`)).toBe(true);
    expect(specifiersOf(code()).filter((specifier) => !isBuiltin(specifier.replace(/^node:/, '')))).toEqual([]);
  });

  it('runs a process with its streams piped and nothing buffered', async () => {
    const run = (script: string) =>
      new Promise<string>((resolve, reject) => {
        execFile(process.execPath, ['--input-type=module', '-e', script], (error, out) =>
          error ? reject(error) : resolve(out),
        );
      });
    const url = JSON.stringify(pathToFileURL(BUNDLE).href);
    const script = `const { execa } = await import(${url});
const child = execa(process.execPath, ['-e', 'process.stdin.pipe(process.stdout)'], { buffer: false, encoding: 'buffer' });
const chunks = [];
child.stdout.on('data', (chunk) => chunks.push(chunk));
child.stdin.end('echo');
const result = await child;
process.stdout.write(JSON.stringify({ out: Buffer.concat(chunks).toString(), code: result.exitCode, stdout: result.stdout }));`;
    expect(JSON.parse(await run(script))).toEqual({ out: 'echo', code: 0 });
  });

  it('runs its callback when the process exits, and not after the callback was removed', async () => {
    const run = (script: string) =>
      new Promise<string>((resolve, reject) => {
        execFile(process.execPath, ['--input-type=module', '-e', script], (error, out) =>
          error ? reject(error) : resolve(out),
        );
      });
    const url = JSON.stringify(pathToFileURL(BUNDLE).href);
    expect(await run(`const { onExit } = await import(${url}); onExit(() => process.stdout.write('hook ran'));`)).toBe(
      'hook ran',
    );
    expect(
      await run(`const { onExit } = await import(${url}); const off = onExit(() => process.stdout.write('x')); off();`),
    ).toBe('');
  });

  it('ships its license', () => {
    const licenses = readFileSync(LICENSES, 'utf8');
    const sections = licenses.split(/^## /m).slice(1);
    const names = sections.map((section) => section.slice(0, section.indexOf('\n')));
    expect(names).toContain(`execa@${version}`);
    // One signal-exit, the pinned one: execa's hook and the process-group hook share it.
    expect(names.filter((name) => name.startsWith('signal-exit@'))).toEqual([
      `signal-exit@${devDependencies['signal-exit']}`,
    ]);
    for (const section of sections) {
      expect(section).toMatch(/^License: \S+/m);
      expect(section).toMatch(/copyright|licen[cs]e/i);
    }
  });

  it('leaves no declarations or source map of the re-export it replaced', () => {
    for (const stale of ['execa.d.ts', 'execa.d.ts.map', 'execa.js.map']) {
      expect(existsSync(join(DIST, 'vendor', stale))).toBe(false);
    }
  });
});

describe('the built transport', () => {
  it('imports the bundle, never the execa or signal-exit package', () => {
    const specifiers = specifiersOf(readFileSync(join(DIST, 'spawn-cli.js'), 'utf8'));
    expect(specifiers).toContain('./vendor/execa.js');
    expect(specifiers).not.toContain('execa');
    expect(specifiers).not.toContain('signal-exit');
  });

  it('runs a CLI and loads no module from node_modules while doing so', async () => {
    const dir = makeTempDir();
    const log = join(dir, 'modules.txt');
    const hooks = join(dir, 'hooks.mjs');
    writeFileSync(
      hooks,
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n');
  return resolved;
}`,
    );
    const preload = join(dir, 'preload.mjs');
    writeFileSync(
      preload,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    const main = join(dir, 'main.mjs');
    writeFileSync(
      main,
      `const { CliTransport } = await import(${JSON.stringify(pathToFileURL(join(DIST, 'index.js')).href)});
const { buildTransportLaunch } = await import(${JSON.stringify(pathToFileURL(join(PACKAGE, '..', 'transport-kit', 'dist', 'index.js')).href)});
const launch = buildTransportLaunch({ pathToClaudeCodeExecutable: ${JSON.stringify(standInCli(INFO))} });
const transport = new CliTransport(launch);
await transport.start();
const first = await transport.messages()[Symbol.asyncIterator]().next();
await transport.close();
process.stdout.write(JSON.stringify({ argv: first.value.argv }));`,
    );
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', pathToFileURL(preload).href, main], (error, out, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(out),
      );
    });
    expect((JSON.parse(stdout) as { argv: string[] }).argv).toContain('stream-json');
    const modules = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    expect(modules).toContain(pathToFileURL(BUNDLE).href);
    expect(modules.filter((url) => url.includes('/node_modules/'))).toEqual([]);
  });
});
