import { spawn } from 'node:child_process';
import { query } from '@hexagent/sdk';

/** Options of the official SDK, as code written for it passes them. */
export async function officialOptions(): Promise<void> {
  for await (const message of query({
    prompt: 'Plan the migration',
    options: {
      thinking: { type: 'adaptive' },
      effort: 'high',
      sandbox: { enabled: true, network: { allowedDomains: ['example.com'] } },
      toolConfig: { askUserQuestion: { previewFormat: 'markdown' } },
      settingSources: ['project'],
      persistSession: false,
      maxBudgetUsd: 1,
      taskBudget: { total: 50_000 },
      agent: 'planner',
      agents: { planner: { description: 'Plans', prompt: 'You plan.', tools: ['Read', 'Grep'] } },
      tools: { type: 'preset', preset: 'claude_code' },
      disallowedTools: ['WebFetch'],
      systemPrompt: { type: 'preset', preset: 'claude_code', append: 'Be brief.', excludeDynamicSections: true },
      env: { ...process.env, DEBUG_MIGRATION: '1' },
      spawnClaudeCodeProcess: ({ command, args, cwd, env, signal }) =>
        spawn(command, args, { cwd, env, signal, stdio: ['pipe', 'pipe', 'inherit'] }),
    },
  })) {
    console.log(message.type);
  }
}
