/**
 * Instrumentations of `@anthropic-ai/claude-agent-sdk` installed from npm, on a program that does not
 * change: once with the official package, once with hexagent's drop-in installed under the official
 * name (as `npm install @anthropic-ai/claude-agent-sdk@npm:@hexagent/claude-agent-sdk` does: the
 * packed `@hexagent/claude-agent-sdk` tarball under that name). Each app runs
 * `fixtures/traced-app.cjs` against the workspace's Claude Code CLI and a scripted model (a tool call
 * that succeeds, one that throws), and the traces must come out the same:
 * - OpenInference (`@arizeai/openinference-instrumentation-claude-agent-sdk`): an OpenTelemetry
 *   instrumentation that patches the module through require-in-the-middle only when its version
 *   satisfies `>=0.2.0`; the drop-in's version is the official release it mirrors, so it is patched,
 *   and hexagent adds no spans of its own unasked.
 * - LangSmith (`langsmith`'s `wrapClaudeAgentSDK`): a wrapper that copies the query's methods from
 *   its prototype onto the generator it returns; its runs go to a LangSmith API on 127.0.0.1 that
 *   records them.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { hermeticCliEnv, ScriptedModelServer, text, toolUse } from '@hexagent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, packAll, ROOT } from './helpers/packages.js';
import { removeDir } from './helpers/remove-dir.js';
import { FIXTURES } from './helpers/temp-app.js';

const run = promisify(execFile);
const SETUP_TIMEOUT_MS = 300_000;
const OFFICIAL = '@anthropic-ai/claude-agent-sdk';
/** The instrumentations and what they need, at the versions tested. */
const INSTRUMENTATIONS = [
  '@arizeai/openinference-instrumentation-claude-agent-sdk@0.3.1',
  'langsmith@0.12.0',
  '@opentelemetry/api@1.9.1',
  '@opentelemetry/sdk-trace-base@2.12.1',
  'zod@4.6.7',
];
/** The packages the drop-in needs, packed from the workspace. */
const HEXAGENT_PACKAGES = [
  'core',
  'transport-kit',
  'transport-cli',
  'mcp-inprocess',
  'sessions',
  'compose',
  'doctor',
  'sdk',
  'claude-agent-sdk',
];

const require = createRequire(import.meta.url);
const CLI = join(
  dirname(
    require.resolve('@anthropic-ai/claude-code/package.json', { paths: [join(ROOT, 'packages', 'transport-cli')] }),
  ),
  'bin',
  'claude.exe',
);
const mirrored = (
  JSON.parse(readFileSync(join(ROOT, 'packages', 'drop-in', 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies[OFFICIAL] as string;

const work = mkdtempSync(join(tmpdir(), 'hexagent-instrumentations-'));
const apps = { official: join(work, 'official'), hexagent: join(work, 'hexagent') };

async function installApp(dir: string, specs: readonly string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'traced-app', private: true }));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--omit=optional', ...specs], {
    cwd: dir,
    env: cleanEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });
  copyFileSync(join(FIXTURES, 'traced-app.cjs'), join(dir, 'traced-app.cjs'));
}

beforeAll(async () => {
  const tarballs = await packAll(
    HEXAGENT_PACKAGES.map((name) => join(ROOT, 'packages', name)),
    join(work, 'tarballs'),
  );
  const dropIn = tarballs.find((tarball) => basename(tarball).startsWith('hexagent-claude-agent-sdk-'));
  await Promise.all([
    installApp(apps.official, [`${OFFICIAL}@${mirrored}`, ...INSTRUMENTATIONS]),
    installApp(apps.hexagent, [
      ...tarballs.filter((tarball) => tarball !== dropIn),
      `${OFFICIAL}@file:${dropIn}`,
      ...INSTRUMENTATIONS,
    ]),
  ]);
}, SETUP_TIMEOUT_MS);

afterAll(() => removeDir(work));

/** What the app printed, and the runs the LangSmith API received. */
interface TracedRun {
  report: {
    version: string;
    controls: string[];
    kinds: string[];
    spans?: Array<{
      name: string;
      parent: string | null;
      status: number;
      attributes: string[];
      kind: string | null;
      events: string[];
    }>;
  };
  runs: Array<{ name: string; runType: string; parent: string | null; error: boolean }>;
}

/** A LangSmith API on 127.0.0.1: answers `/info` (batches as JSON) and records `/runs/batch`. */
async function langsmithApi(): Promise<{ server: Server; url: string; runs: () => TracedRun['runs'] }> {
  const byId = new Map<string, Record<string, unknown>>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (request.url === '/runs/batch') {
        const batch = JSON.parse(body.toString('utf8')) as {
          post?: Record<string, unknown>[];
          patch?: Record<string, unknown>[];
        };
        for (const entry of [...(batch.post ?? []), ...(batch.patch ?? [])]) {
          const id = String(entry.id);
          byId.set(id, { ...byId.get(id), ...entry });
        }
      }
      response.setHeader('content-type', 'application/json');
      response.end(
        request.url === '/info' ? JSON.stringify({ batch_ingest_config: { use_multipart_endpoint: false } }) : '{}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const runs = () =>
    [...byId.values()]
      .map((entry) => ({
        name: String(entry.name),
        runType: String(entry.run_type),
        parent: typeof entry.parent_run_id === 'string' ? String(byId.get(entry.parent_run_id)?.name) : null,
        error: typeof entry.error === 'string' && entry.error !== '',
      }))
      .sort((a, b) => `${a.name}${a.runType}`.localeCompare(`${b.name}${b.runType}`));
  return { server, url: `http://127.0.0.1:${port}`, runs };
}

async function traced(app: string, instrumentation: string): Promise<TracedRun> {
  const model = await ScriptedModelServer.start([
    { content: [toolUse('mcp__calc__add', { a: 15, b: 27 }, 'toolu_add')] },
    { content: [toolUse('mcp__calc__explode', {}, 'toolu_boom')] },
    { content: [text('42, and the other one failed')] },
  ]);
  const hermetic = await hermeticCliEnv({ baseUrl: model.url });
  const langsmith = await langsmithApi();
  try {
    const { stdout } = await run(process.execPath, ['traced-app.cjs'], {
      cwd: app,
      env: cleanEnv({
        INSTRUMENTATION: instrumentation,
        CLI_PATH: CLI,
        CLI_ENV: JSON.stringify(hermetic.env),
        LANGSMITH_ENDPOINT: langsmith.url,
        LANGSMITH_TRACING: 'true',
      }),
      timeout: 120_000,
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as TracedRun['report'];
    return { report, runs: langsmith.runs() };
  } finally {
    langsmith.server.close();
    await model.close();
    await hermetic.cleanup();
  }
}

describe('instrumentations from npm trace a program the same on the official SDK and on the drop-in', () => {
  it('OpenInference: patched on both (the version it checks is the mirrored release), the same spans, none of hexagent’s', async () => {
    const official = await traced(apps.official, 'openinference');
    const hexagent = await traced(apps.hexagent, 'openinference');
    expect([official.report.version, hexagent.report.version]).toEqual([mirrored, mirrored]);
    const spans = official.report.spans ?? [];
    expect(spans.map((span) => `${span.kind} ${span.name} < ${span.parent}`).sort()).toEqual([
      'AGENT ClaudeAgent.query < null',
      'TOOL mcp__calc__add < ClaudeAgent.query',
      'TOOL mcp__calc__explode < ClaudeAgent.query',
    ]);
    // The tool that throws: its span failed, with the exception recorded.
    expect(spans.find((span) => span.name === 'mcp__calc__explode')).toMatchObject({
      status: 2,
      events: ['exception'],
    });
    expect(hexagent.report.spans).toEqual(official.report.spans);
    expect(hexagent.report.kinds).toEqual(official.report.kinds);
  }, 240_000);

  it("LangSmith's wrapper: the wrapped query keeps its live controls, and the same runs reach LangSmith", async () => {
    const official = await traced(apps.official, 'langsmith');
    const hexagent = await traced(apps.hexagent, 'langsmith');
    const controls = ['interrupt', 'setModel', 'supportedModels', 'setPermissionMode', 'mcpServerStatus'];
    expect(official.report.controls).toEqual(controls);
    expect(hexagent.report.controls).toEqual(controls);
    expect(official.runs).toEqual(
      expect.arrayContaining([
        { name: 'claude.conversation', runType: 'chain', parent: null, error: false },
        { name: 'mcp__calc__add', runType: 'tool', parent: 'claude.conversation', error: false },
      ]),
    );
    expect(hexagent.runs).toEqual(official.runs);
    expect(hexagent.report.kinds).toEqual(official.report.kinds);
  }, 240_000);
});
