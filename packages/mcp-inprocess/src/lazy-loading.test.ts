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

/**
 * A JSON Schema tool served through a validator plugged in with `jsonSchemaValidator`: a tiny
 * hand-written one that generates no code, in a process where code generation from strings is
 * forbidden (`--disallow-code-generation-from-strings`, as on edge runtimes). It prints the answers
 * to a good and a bad call, and the schemas the validator was asked to compile.
 */
const validatorChildScript = `
import { appendFileSync } from 'node:fs';
const { createInProcessMcpServer, createSdkMcpServer, tool } = await import(process.env.ENTRY);
const compiled = [];
const numbers = {
  getValidator(schema) {
    compiled.push(schema);
    return (input) =>
      Object.keys(schema.properties).every((key) => typeof input?.[key] === 'number')
        ? { valid: true, data: input, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: 'every argument must be a number' };
  },
};
const add = tool(
  'add',
  'Add two numbers',
  { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  async (args) => ({ content: [{ type: 'text', text: String(args.a + args.b) }] }),
);
const calc = createSdkMcpServer({
  name: 'calc',
  tools: [add],
  ...(process.env.VALIDATOR === 'hand' && { jsonSchemaValidator: numbers }),
});
const port = createInProcessMcpServer('calc', calc);
appendFileSync(process.env.LOAD_LOG, ${JSON.stringify(marker)} + '\\n');
const call = (id, args) =>
  port.handle(
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'add', arguments: args } },
    { signal: new AbortController().signal },
  );
const good = await call(1, { a: 15, b: 27 });
const bad = await call(2, { a: 'fifteen', b: 27 });
await port.close();
process.stdout.write(JSON.stringify({ good, bad, compiled }));
`;

/** Runs {@link validatorChildScript} without code generation from strings; `validator` `hand` plugs the hand-written one. */
function runValidatorChild(validator: 'hand' | 'default'): { answers: Record<string, unknown>; loaded: string[] } {
  const log = join(dir, `loads-validator-${validator}.log`);
  writeFileSync(log, '');
  const output = execFileSync(
    process.execPath,
    [
      '--disallow-code-generation-from-strings',
      '--import',
      pathToFileURL(join(dir, 'register.mjs')).href,
      '--input-type=module',
      '-e',
      validatorChildScript,
    ],
    {
      cwd: packageDir,
      env: {
        PATH: process.env['PATH'] ?? '',
        LOAD_LOG: log,
        VALIDATOR: validator,
        ENTRY: pathToFileURL(join(packageDir, 'dist/index.js')).href,
      },
      encoding: 'utf8',
      // ajv reports the code it could not compile on stderr.
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return { answers: JSON.parse(output), loaded: readFileSync(log, 'utf8').split('\n') };
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

describe('a JSON Schema validator plugged in with jsonSchemaValidator', () => {
  it('checks the tools through it, where code generation is forbidden, and ajv is never loaded', () => {
    const { answers, loaded } = runValidatorChild('hand');
    expect(answers['good']).toEqual(ANSWER_42);
    expect(answers['bad']).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {
        content: [{ type: 'text', text: 'Invalid arguments for tool "add": every argument must be a number' }],
        isError: true,
      },
    });
    // Compiled once, from the tool's schema (type: 'object' kept, $schema left out).
    expect(answers['compiled']).toEqual([
      { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
    ]);
    expect(loaded.filter((url) => /\/node_modules\/ajv\/|@modelcontextprotocol/.test(url))).toEqual([]);
  }, 60_000);

  it('is needed there: the default (ajv) cannot compile without code generation, and says so in the tool error', () => {
    const { answers, loaded } = runValidatorChild('default');
    expect(loaded.some((url) => /\/node_modules\/ajv\//.test(url))).toBe(true);
    const good = answers['good'] as { result: { isError?: boolean; content: Array<{ text: string }> } };
    expect(good.result.isError).toBe(true);
    expect(good.result.content[0]?.text).toMatch(
      /^Tool "add" has an inputSchema that is not valid JSON Schema: .*[Cc]ode generation from strings disallowed/,
    );
  }, 60_000);
});
