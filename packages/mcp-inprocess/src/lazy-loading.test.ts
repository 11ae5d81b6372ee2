import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const marker = '--- package used, no session connected yet ---';

/** What the child process does: use the built entry, then connect one server. */
const childScript = `
import { appendFileSync } from 'node:fs';
const { createInProcessMcpServer, createSdkMcpServer, tool } = await import(process.env.ENTRY);
// TOOL_KIND=zod: a zod v4 shape, imported before the marker (the user's own import).
const z = process.env.TOOL_KIND === 'zod' ? (await import('zod')).z : undefined;
const add = tool(
  'add',
  'Add two numbers',
  z !== undefined
    ? { a: z.number(), b: z.number() }
    : { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  async (args) => ({ content: [{ type: 'text', text: String(args.a + args.b) }] }),
);
const calc = createSdkMcpServer({ name: 'calc', tools: [add] });
const port = createInProcessMcpServer('calc', calc);
appendFileSync(process.env.LOAD_LOG, ${JSON.stringify(marker)} + '\\n');
const manifest = await port.manifest();
if (manifest.toolsListResult.tools[0].name !== 'add') throw new Error('bad manifest');
const response = await port.handle(
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 15, b: 27 } } },
  { signal: new AbortController().signal },
);
await port.close();
process.stdout.write(JSON.stringify(response));
`;

/** A module loader hook that logs every URL the child process resolves. */
const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  appendFileSync(process.env.LOAD_LOG, result.url + '\\n');
  return result;
}
`;

let dir: string;

beforeAll(() => {
  // The check runs against the built entry, so build it first (turbo's test task builds too).
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: packageDir, stdio: 'pipe' });
  // The rest of the package's build script: the entry rebundled as it ships.
  const bundleDist = join(packageDir, '..', '..', 'scripts', 'bundle-dist.mjs');
  execFileSync(process.execPath, [bundleDist, 'index'], { cwd: packageDir, stdio: 'pipe' });
  dir = mkdtempSync(join(tmpdir(), 'hexagent-lazy-'));
  writeFileSync(join(dir, 'hooks.mjs'), hooks);
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
  );
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the child script with one tool of `toolKind` and returns its answer to the tool call and the
 * modules it resolved before and after the marker (that is, before and after the server was used).
 */
function runChild(toolKind: 'json-schema' | 'zod'): {
  answer: unknown;
  split: number;
  before: string[];
  after: string[];
} {
  const log = join(dir, `loads-${toolKind}.log`);
  writeFileSync(log, '');
  const output = execFileSync(
    process.execPath,
    ['--import', pathToFileURL(join(dir, 'register.mjs')).href, '--input-type=module', '-e', childScript],
    {
      cwd: packageDir,
      env: {
        PATH: process.env['PATH'] ?? '',
        LOAD_LOG: log,
        TOOL_KIND: toolKind,
        ENTRY: pathToFileURL(join(packageDir, 'dist/index.js')).href,
      },
      encoding: 'utf8',
    },
  );
  const lines = readFileSync(log, 'utf8').split('\n');
  const split = lines.indexOf(marker);
  return { answer: JSON.parse(output), split, before: lines.slice(0, split), after: lines.slice(split + 1) };
}

const ANSWER_42 = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '42' }] } };

describe('importing @hexagent/mcp-inprocess', () => {
  it('loads neither the MCP SDK, ajv nor zod until a session uses a server, and never the MCP SDK Server for a definition', () => {
    const { answer, split, before, after } = runChild('json-schema');
    expect(answer).toEqual(ANSWER_42);
    expect(split).toBeGreaterThan(0);
    const heavy = /@modelcontextprotocol|\/node_modules\/(ajv|zod)\//;

    expect(before.some((url) => url.endsWith('/dist/index.js'))).toBe(true);
    expect(before.filter((url) => heavy.test(url))).toEqual([]);
    // The hook does see them once a server is used, so the check above can fail: this JSON Schema
    // tool needs ajv.
    expect(after.some((url) => /\/node_modules\/ajv\//.test(url))).toBe(true);
    // A createSdkMcpServer definition's manifest and plain-text tool calls need only the compiler of
    // their tools: never the MCP SDK (its Server, protocol and message schemas cost ~70 ms).
    expect(after.filter((url) => url.includes('@modelcontextprotocol/sdk'))).toEqual([]);
  }, 60_000);

  it('loads nothing of zod the app has not loaded for a zod v4 tool (its core compiles it): no ajv, no zod v3 converter, no MCP SDK', () => {
    const { answer, split, before, after } = runChild('zod');
    // 42: the tool was compiled and its arguments checked with zod.
    expect(answer).toEqual(ANSWER_42);
    expect(split).toBeGreaterThan(0);
    // The app's `zod` brought the core with it; the compiler adds no flavour (zod/mini) of its own.
    expect(before.some((url) => /\/node_modules\/zod\/v4\/core\//.test(url))).toBe(true);
    // (The log holds resolutions: the core's entry is resolved again, and found loaded.)
    expect(after.filter((url) => /\/node_modules\/zod\//.test(url) && !before.includes(url))).toEqual([]);
    expect(after.filter((url) => /@modelcontextprotocol|\/node_modules\/(ajv|zod-to-json-schema)\//.test(url))).toEqual(
      [],
    );
  }, 60_000);
});
