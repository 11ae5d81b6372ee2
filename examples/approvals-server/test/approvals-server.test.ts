/**
 * The approvals server end to end: an embedded PostgreSQL, the scripted model, the real CLI, the
 * server as its own process (web page, API and worker), and a headless Chromium. A run parks on
 * `deploy`, its CLI exits, the page lists the call; the browser clicks Approve; the run resumes on
 * the worker and the deploy runs once. A second decision on it is refused (409).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CliHarness,
  listeningUrl,
  processesWithEnv,
  resultText,
  TestScope,
  text,
  toolUse,
} from '@hexagent/testing';
import { startPostgresServer } from '@hexagent/testing/servers';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const scope = new TestScope();
afterAll(() => scope.cleanup());

let harness: CliHarness;
let baseUrl: string;
let child: ChildProcess;
const workDir = scope.tempDir('hexagent-approvals-work-');
const deployLog = join(workDir, 'deployments.log');

beforeAll(async () => {
  const postgres = await startPostgresServer();
  scope.defer(() => postgres.stop());
  harness = await scope.startCliHarness((_request, index) =>
    index === 0
      ? { content: [toolUse('mcp__ops__deploy', { service: 'api', env: 'prod' }, 'toolu_deploy')] }
      : { content: [text('Deployed api to prod.')] },
  );
  child = spawn(process.execPath, [MAIN], {
    env: { ...harness.env, DATABASE_URL: postgres.url, PORT: '0', WORK_DIR: workDir, DEPLOY_LOG: deployLog },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  scope.defer(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  });
  baseUrl = await listeningUrl(child);
});

async function api(path: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** CLI processes running with this test's home (the server process itself has it too, but is no CLI). */
function clis(): number[] {
  return processesWithEnv(`CLAUDE_CONFIG_DIR=${harness.configDir}`)
    .map((record) => record.pid)
    .filter((pid) => pid !== child.pid);
}

// Without Debian's chromium the test is skipped with a note, except in CI (.ci/run installs it).
const inCi = ['1', 'true'].includes(process.env.CI ?? '');
if (!existsSync(CHROMIUM) && !inCi)
  console.warn(`approvals-server: ${CHROMIUM} is missing (apt-get install chromium); skipped`);

describe.skipIf(!existsSync(CHROMIUM) && !inCi)('approvals-server', () => {
  it('parks a run, a person clicks Approve in a browser, the deploy runs once', { timeout: 240_000 }, async () => {
    const { status, body: started } = await api('/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Deploy api to prod' }),
    });
    expect(status).toBe(202);
    const parked = await until(async () => {
      const { body } = await api(`/runs/${started.runId}`);
      return body.state === 'completed' ? (body.output as Record<string, unknown>) : undefined;
    }, 'the run to park');
    const approval = parked.awaitingApproval as { id: string; toolName: string; input: unknown };
    expect(approval).toMatchObject({ toolName: 'mcp__ops__deploy', input: { service: 'api', env: 'prod' } });
    expect(existsSync(deployLog)).toBe(false);
    expect(clis()).toEqual([]);

    const profile = scope.tempDir('hexagent-chromium-');
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    scope.defer(() => browser.close());
    const page = await browser.newPage();
    await page.goto(baseUrl);
    const row = page.locator(`tr[data-approval="${approval.id}"]`);
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td').nth(0).textContent()).toBe('mcp__ops__deploy');
    expect(JSON.parse((await row.locator('pre').textContent()) ?? '')).toEqual({ service: 'api', env: 'prod' });
    await Promise.all([page.waitForURL(/notice=/), row.getByRole('button', { name: 'Approve' }).click()]);
    const notice = (await page.getByRole('status').textContent()) ?? '';
    expect(notice).toMatch(/^approved: the run resumes as job \S+$/);
    const resumeJobId = notice.split(' ').at(-1);
    expect(await page.locator('#none').count()).toBe(1);

    const resumed = await until(async () => {
      const { body } = await api(`/runs/${resumeJobId}`);
      return body.state === 'completed' ? (body.output as Record<string, unknown>) : undefined;
    }, 'the resumed run to end');
    expect(resumed).toMatchObject({ text: 'Deployed api to prod.', sessionId: started.sessionId });
    expect(resumed.awaitingApproval).toBeUndefined();
    const { body: decided } = await api(`/approvals/${approval.id}`);
    expect(decided).toMatchObject({ status: 'ran', decision: { kind: 'approve', by: 'anonymous' } });
    const lines = readFileSync(deployLog, 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual([{ service: 'api', env: 'prod', key: 'toolu_deploy' }]);
    expect(harness.server.toolResults().map((r) => resultText(r.content))).toEqual(['deployed api to prod']);

    const again = await api(`/approvals/${approval.id}/deny`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'too late' }),
    });
    expect(again).toMatchObject({ status: 409, body: { reason: 'conflict' } });
    expect(readFileSync(deployLog, 'utf8').trim().split('\n')).toHaveLength(1);
  });
});
