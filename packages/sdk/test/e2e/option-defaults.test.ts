/**
 * The official SDK's defaults on the real CLI: settings files loaded unless `settingSources` says
 * otherwise, the empty custom system prompt unless one is given (each `systemPrompt` form as the
 * model receives it), and `env` as the CLI's whole environment.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Options, query, SYSTEM_PROMPT_DYNAMIC_BOUNDARY } from '@hexagent/sdk';
import { type CliHarness, collect, resultText, TestScope, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

let harness: CliHarness | undefined;
const scope = new TestScope();
afterEach(() => scope.cleanup());

const tempDir = (): string => scope.tempDir('hexagent-opts-');

/** Everything the model got in its first request: system blocks and messages. */
function firstRequestText(active: CliHarness): string {
  return JSON.stringify(active.server.messageRequests[0]?.body ?? {});
}

async function run(options: Options, prompt = 'hi'): Promise<CliHarness> {
  const active = harness as CliHarness;
  await collect(query({ prompt, options: { env: active.env, ...options } }));
  return active;
}

describe('settingSources', () => {
  it('omitted: the CLI loads the project settings, so CLAUDE.md in cwd reaches the model', async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    const cwd = tempDir();
    writeFileSync(join(cwd, 'CLAUDE.md'), 'Project rule: the marker is CLAUDE-MD-7c1e.\n');
    expect(firstRequestText(await run({ cwd }))).toContain('CLAUDE-MD-7c1e');
  });

  it('[]: no settings files, no CLAUDE.md', async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    const cwd = tempDir();
    writeFileSync(join(cwd, 'CLAUDE.md'), 'Project rule: the marker is CLAUDE-MD-7c1e.\n');
    expect(firstRequestText(await run({ cwd, settingSources: [] }))).not.toContain('CLAUDE-MD-7c1e');
  });
});

describe('systemPrompt as the model receives it', () => {
  it("omitted: an empty custom prompt, not Claude Code's", async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    const system = harness.server.systemPrompt((await run({})).server.messageRequests[0]);
    expect(system).toContain("You are a Claude agent, built on Anthropic's Claude Agent SDK.");
    expect(system.length).toBeLessThan(1_000);
  });

  it('a list with the dynamic boundary: the parts, without the marker', async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    const active = await run({ systemPrompt: ['Static-part-a1.', SYSTEM_PROMPT_DYNAMIC_BOUNDARY, 'Dynamic-part-b2.'] });
    const system = active.server.systemPrompt(active.server.messageRequests[0]);
    expect(system).toContain('Static-part-a1.');
    expect(system).toContain('Dynamic-part-b2.');
    expect(system).not.toContain(SYSTEM_PROMPT_DYNAMIC_BOUNDARY);
  });

  it("a custom prompt with snapshot: false: the prompt, and not Claude Code's", async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }]);
    const active = await run({ systemPrompt: { type: 'custom', prompt: 'Custom-prompt-c3.', snapshot: false } });
    const system = active.server.systemPrompt(active.server.messageRequests[0]);
    expect(system).toContain('Custom-prompt-c3.');
    expect(system.length).toBeLessThan(1_000);
  });

  it('the preset with excludeDynamicSections: a shorter system prompt, the rest in the first user message', async () => {
    harness = await scope.startCliHarness([{ content: [text('ok')] }, { content: [text('ok')] }]);
    const active = await run({ systemPrompt: { type: 'preset', preset: 'claude_code' } });
    await run({ systemPrompt: { type: 'preset', preset: 'claude_code', excludeDynamicSections: true } });
    const [full, excluded] = active.server.messageRequests;
    expect(active.server.systemPrompt(full).length).toBeGreaterThan(2_000);
    expect(active.server.systemPrompt(excluded).length).toBeLessThan(active.server.systemPrompt(full).length);
    expect(JSON.stringify(excluded?.body.messages?.[0])).toContain('<system-reminder>');
  });
});

describe('env', () => {
  it('is the whole environment of the CLI: a process.env variable not passed does not reach it', async () => {
    try {
      harness = await scope.startCliHarness([
        {
          content: [
            toolUse('Bash', {
              // A shell default for a variable the CLI must not have.
              command: `echo "[$\{HEXAGENT_E2E_HOST_ONLY:-absent}][$HEXAGENT_E2E_PASSED][$CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING]"`,
            }),
          ],
        },
        { content: [text('done')] },
      ]);
      const active = harness;
      // Set after the hermetic env was built, so it is not even named there: only replacement keeps it out.
      process.env['HEXAGENT_E2E_HOST_ONLY'] = 'leaked';
      expect(Object.hasOwn(active.env, 'HEXAGENT_E2E_HOST_ONLY')).toBe(false);
      await collect(
        query({
          prompt: 'env',
          options: {
            env: { ...active.env, HEXAGENT_E2E_PASSED: 'passed' },
            allowedTools: ['Bash'],
            enableFileCheckpointing: true,
          },
        }),
      );
      expect(resultText(active.server.toolResults()[0]?.content)).toContain('[absent][passed][true]');
      // hexagent names itself in the User-Agent; it does not claim the official SDK's version.
      const userAgent = active.server.messageRequests[0]?.headers['user-agent'] ?? '';
      expect(userAgent).toMatch(/client-app\/hexagent\/\d+\.\d+\.\d+/);
      expect(userAgent).not.toContain('agent-sdk/');
    } finally {
      delete process.env['HEXAGENT_E2E_HOST_ONLY'];
    }
  });
});
