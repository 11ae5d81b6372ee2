#!/usr/bin/env node
/**
 * Runs open-source programs built on `@anthropic-ai/claude-agent-sdk` unchanged, once on the
 * official SDK and once on hexagent, offline, and compares what each driver observed
 * (`packages/drop-in/OUTSIDE-PROGRAMS.md` says what each exercises and what was found).
 *
 *   node packages/drop-in/outside/run.mjs [name ...] [--demos <checkout>] [--work <dir>] [--hexagent <checkout>]
 *
 * Programs published on npm are installed at run time, at the pinned versions below, into
 * `<work>/<name>` (default work folder: `$TMPDIR/hexagent-outside`). GitHub-only programs are
 * read from a checkout given on the command line (`--demos`: anthropics/claude-agent-sdk-demos);
 * without it they are skipped. Nothing of theirs enters the repository.
 *
 * The SDK the program imports is swapped in its `node_modules`: the official (a copy of the
 * workspace's 0.3.332, with a stand-in for its native-binary package that points at the
 * workspace's CLI 2.1.332) or hexagent (a link to `packages/sdk`, what an `npm:@hexagent/sdk`
 * alias gives; `--hexagent` takes it from another built checkout, e.g. a branch with a fix).
 * Exit code 0 when every scenario of every program run matched, 1 otherwise.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '../../..');

/** Every program: where its code comes from and what its driver needs installed beside it. */
const PROGRAMS = [
  { name: 'langsmith', npm: ['langsmith@0.12.0', 'zod@4.6.7'] },
  { name: 'braintrust', npm: ['braintrust@3.35.0', 'zod@4.6.7'] },
  {
    name: 'openinference',
    npm: [
      '@arizeai/openinference-instrumentation-claude-agent-sdk@0.3.1',
      '@opentelemetry/api@1.9.1',
      '@opentelemetry/sdk-trace-base@2.12.1',
      'zod@4.6.7',
    ],
  },
  {
    name: 'unified-agent-sdk',
    npm: ['@unified-agent-sdk/provider-claude@0.6.2', '@unified-agent-sdk/runtime-core@0.6.2', 'zod@4.6.7'],
  },
  { name: 'ai-sdk-provider', npm: ['ai-sdk-provider-claude-code@4.1.0', 'ai@7.0.173', 'zod@4.6.7'] },
  { name: 'hello-world', checkout: 'demos', folder: 'hello-world', npm: ['tsx@4.20.6'] },
  {
    name: 'claude-agent-acp',
    npm: ['@zed-industries/claude-agent-acp@0.23.1', '@agentclientprotocol/sdk@0.17.0', 'zod@4.6.7'],
  },
  { name: 'resume-generator', checkout: 'demos', folder: 'resume-generator', npm: ['tsx@4.20.6'] },
  { name: 'simple-chatapp-server', checkout: 'demos', folder: 'simple-chatapp', npm: ['tsx@4.20.6', 'ws@8.18.3'] },
];

// `pnpm outside -- …` passes its `--` through.
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const option = (flag) => {
  const index = args.indexOf(flag);
  if (index < 0) return undefined;
  const value = args[index + 1];
  args.splice(index, 2);
  return value;
};
const checkouts = { demos: option('--demos') };
const work = option('--work') ?? join(tmpdir(), 'hexagent-outside');
/** The hexagent checkout whose (built) `packages/sdk` is the hexagent side: this one by default. */
const hexagentRepo = option('--hexagent') ?? repo;
const only = args;
const unknown = only.filter((name) => !PROGRAMS.some((program) => program.name === name));
if (unknown.length > 0) {
  console.error(
    `unknown program(s): ${unknown.join(', ')}; known: ${PROGRAMS.map((program) => program.name).join(', ')}`,
  );
  process.exit(2);
}

const officialDir = join(repo, 'packages/drop-in/node_modules/@anthropic-ai/claude-agent-sdk');
const cliPath = join(repo, 'packages/sdk/node_modules/@anthropic-ai/claude-code/bin/claude.exe');

function install(program) {
  const dir = join(work, program.name);
  const stamp = join(dir, '.outside-installed');
  const wanted = JSON.stringify({ npm: program.npm, checkout: program.checkout && checkouts[program.checkout] });
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (program.checkout) {
    cpSync(join(checkouts[program.checkout], program.folder), dir, {
      recursive: true,
      // A checked-in lockfile may name its authors' private registry: resolve from the public one.
      filter: (source) => !source.includes('node_modules') && !source.endsWith('package-lock.json'),
    });
  } else {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `outside-${program.name}`, private: true }));
  }
  const npm = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--omit=optional', '--loglevel=error', ...program.npm],
    { cwd: dir, stdio: 'inherit' },
  );
  if (npm.status !== 0) throw new Error(`npm install failed for ${program.name}`);
  writeFileSync(stamp, wanted);
  return dir;
}

/** Every `node_modules/@anthropic-ai/claude-agent-sdk` under `dir` (nested copies too). */
function sdkSlots(dir, found = []) {
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) return found;
  found.push(join(modules, '@anthropic-ai/claude-agent-sdk'));
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const scoped = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((name) => join(entry, name)) : [entry];
    for (const name of scoped) {
      if (name === '@anthropic-ai/claude-agent-sdk') continue;
      if (existsSync(join(modules, name, 'node_modules'))) sdkSlots(join(modules, name), found);
    }
  }
  return found;
}

function useSdk(dir, side) {
  const [top, ...nested] = sdkSlots(dir);
  for (const slot of [top, ...nested]) rmSync(slot, { recursive: true, force: true });
  mkdirSync(dirname(top), { recursive: true });
  const native = join(dir, 'node_modules/@anthropic-ai/claude-agent-sdk-linux-x64');
  rmSync(native, { recursive: true, force: true });
  if (side === 'official') {
    cpSync(officialDir, top, { recursive: true, dereference: true });
    mkdirSync(native, { recursive: true });
    writeFileSync(join(native, 'package.json'), JSON.stringify({ name: '@anthropic-ai/claude-agent-sdk-linux-x64' }));
    symlinkSync(cliPath, join(native, 'claude'));
  } else {
    symlinkSync(join(hexagentRepo, 'packages/sdk'), top);
  }
  for (const slot of nested) {
    mkdirSync(dirname(slot), { recursive: true });
    symlinkSync(top, slot);
  }
}

function runDriver(program, dir, side) {
  const driverDir = join(dir, '.outside');
  mkdirSync(driverDir, { recursive: true });
  cpSync(join(here, 'kit.mjs'), join(driverDir, 'kit.mjs'));
  cpSync(join(here, 'programs', `${program.name}.mjs`), join(driverDir, `${program.name}.mjs`));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(driverDir, `${program.name}.mjs`)], {
      cwd: dir,
      env: { ...process.env, OUTSIDE_SIDE: side, OUTSIDE_REPO: repo },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10 * 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      writeFileSync(join(dir, `${side}.stdout.txt`), out);
      writeFileSync(join(dir, `${side}.stderr.txt`), err);
      const line = out.split('\n').find((text) => text.startsWith('OUTSIDE-RESULT '));
      resolve({ code, results: line ? JSON.parse(line.slice('OUTSIDE-RESULT '.length)) : undefined });
    });
  });
}

let failed = false;
for (const program of PROGRAMS) {
  if (only.length > 0 && !only.includes(program.name)) continue;
  if (program.checkout && !checkouts[program.checkout]) {
    console.log(`- ${program.name}: skipped (needs --${program.checkout} <checkout>)`);
    continue;
  }
  const dir = install(program);
  const runs = {};
  for (const side of ['official', 'hexagent']) {
    useSdk(dir, side);
    runs[side] = await runDriver(program, dir, side);
  }
  const { official, hexagent } = runs;
  writeFileSync(join(dir, 'results.json'), JSON.stringify(runs, null, 2));
  if (!official.results || !hexagent.results) {
    failed = true;
    console.log(
      `- ${program.name}: driver crashed (official exit ${official.code}, hexagent exit ${hexagent.code}); see ${dir}`,
    );
    continue;
  }
  const names = [...new Set([...Object.keys(official.results), ...Object.keys(hexagent.results)])];
  const differing = names.filter((name) => !isDeepStrictEqual(official.results[name], hexagent.results[name]));
  // A scenario whose driver threw on both sides compares equal but checked nothing: say so.
  const threw = names.filter((name) => official.results[name]?.threw !== undefined);
  if (differing.length > 0 || threw.length > 0) failed = true;
  console.log(
    `- ${program.name}: ${names.length - differing.length}/${names.length} scenarios the same` +
      (threw.length > 0 ? `; threw on the official: ${threw.join(', ')}` : '') +
      (differing.length > 0 ? `; differ: ${differing.join(', ')} (see ${join(dir, 'results.json')})` : ''),
  );
}
process.exitCode = failed ? 1 : 0;
