import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CommandIo, runHexagentCommand } from './doctor-command.js';
import type { DoctorReport } from './doctor-types.js';

const root = mkdtempSync(join(tmpdir(), 'hexagent-doctor-command-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the command with a captured output, in `root`, with a small environment. */
async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CommandIo = {
    out: (text) => {
      out += `${text}\n`;
    },
    err: (text) => {
      err += `${text}\n`;
    },
    cwd: root,
    env: { PATH: process.env['PATH'], HOME: join(root, 'home') },
  };
  return { code: await runHexagentCommand(argv, io), out, err };
}

function check(report: DoctorReport, name: string) {
  return report.checks.find((entry) => entry.name === name);
}

describe('hexagent', () => {
  it('prints its usage for no command or --help, and fails for an unknown command or option', async () => {
    expect(await run([])).toMatchObject({ code: 0, out: expect.stringContaining('Usage: hexagent doctor') });
    expect((await run(['doctor', '--help'])).code).toBe(0);
    expect((await run(['fix'])).code).toBe(2);
    const unknown = await run(['doctor', '--frobnicate']);
    expect(unknown).toMatchObject({ code: 2, err: expect.stringContaining('unknown option "--frobnicate"') });
    expect((await run(['doctor', '--cwd'])).err).toContain('--cwd needs a value');
  });

  it('doctor checks the options of a module, with the flags over them, and an env file over its env', async () => {
    const project = join(root, 'project');
    mkdirSync(project, { recursive: true });
    writeFileSync(
      join(root, 'query-options.mjs'),
      `export const options = { model: 'claude-sonnet-4-5', env: { PATH: ${JSON.stringify(process.env['PATH'])}, FROM_MODULE: '1' } };\n`,
    );
    writeFileSync(
      join(root, 'app.env'),
      'ANTHROPIC_API_KEY=sk-ant-api03-from-the-file\nANTHROPIC_BASE_URL=https://me:hunter2@proxy.invalid\n',
    );
    const result = await run([
      'doctor',
      '--options=query-options.mjs',
      '--cwd',
      'project',
      '--env-file',
      'app.env',
      '--cli-path',
      'no-such-claude',
      '--json',
    ]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.out) as DoctorReport;
    expect(check(report, 'Options')?.status).toBe('ok');
    expect(check(report, 'Working directory')).toMatchObject({ status: 'ok', detail: project });
    expect(check(report, 'Environment')).toMatchObject({ status: 'ok', detail: 'options.env: 4 variables, PATH set' });
    expect(check(report, 'Claude Code CLI')).toMatchObject({
      status: 'problem',
      detail: `\`pathToClaudeCodeExecutable\` is ${JSON.stringify(join(root, 'no-such-claude'))}, which does not exist`,
      fix: expect.stringMatching(/^Fix the path, or leave the option out/),
    });
    expect(check(report, 'Authentication')?.detail).toBe(
      'ANTHROPIC_API_KEY set, ANTHROPIC_BASE_URL=https://me:[REDACTED]@proxy.invalid',
    );
    expect(result.out).not.toContain('hunter2');
    expect(result.out).not.toContain('from-the-file');
    expect(report.checks.some((entry) => entry.name === 'API credentials')).toBe(false);
  });

  it('prints the text report, and takes a default export that is a function', async () => {
    writeFileSync(join(root, 'factory.mjs'), "export default () => ({ cwd: '/no/such/dir', env: { A: '1' } });\n");
    const result = await run(['doctor', '--options', 'factory.mjs', '--cli-path', '/no/such/claude']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('FAIL Working directory: /no/such/dir is not an existing directory');
    expect(result.out).toContain('FAIL Environment: options.env has no PATH');
    expect(result.out).toContain('hexagent cannot run queries here until the FAIL lines are fixed.');
  });

  it('fails with 2 for an options module it cannot load or that exports no options', async () => {
    writeFileSync(join(root, 'empty.mjs'), 'export const unrelated = 1;\n');
    expect(await run(['doctor', '--options', 'empty.mjs'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('exports no options object'),
    });
    expect(await run(['doctor', '--options', 'missing.mjs'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('cannot load --options'),
    });
    expect((await run(['doctor', '--env-file', 'missing.env'])).err).toContain('cannot read --env-file');
  });
});
