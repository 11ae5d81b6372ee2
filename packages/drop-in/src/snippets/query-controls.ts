import { createSdkMcpServer, type Query, query, type SDKUserMessage, tool } from '@hexagent/sdk';
import { z } from 'zod';

async function* moreTurns(): AsyncGenerator<SDKUserMessage> {
  yield { type: 'user', message: { role: 'user', content: 'And the tests?' }, parent_tool_use_id: null };
}

/** Every live control of a running query, called as the official SDK's `Query` declares them. */
export async function queryControls(): Promise<void> {
  const q: Query = query({ prompt: 'Refactor the parser', options: { permissionMode: 'default' } });
  const init = await q.initializationResult();
  console.log(init.output_style, init.account.apiProvider, (await q.reinitialize()).models.length);
  console.log(await q.supportedCommands(), await q.supportedModels(), await q.supportedAgents(), await q.accountInfo());

  const receipt = await q.interrupt();
  console.log(receipt?.still_queued);
  await q.setPermissionMode('acceptEdits');
  await q.setModel('claude-sonnet-4-5');
  await q.setModel();
  await q.setMaxThinkingTokens(2000, 'summarized');
  await q.applyFlagSettings({ permissions: { allow: ['Read'] }, model: null, effortLevel: 'max' });
  await q.updateSettings('localSettings', { outputStyle: 'Explanatory' });

  const usage = await q.getContextUsage({ detail: 'summary' });
  console.log(
    usage.percentage,
    usage.categories.map((category) => category.name),
  );
  const report = await q.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET({ skipBehaviors: true });
  console.log(report.session.total_cost_usd);

  const file = await q.readFile('README.md', { maxBytes: 1024, encoding: 'utf-8' });
  console.log(file?.contents ?? 'not readable');
  const rewind = await q.rewindFiles('00000000-0000-0000-0000-000000000000', { dryRun: true });
  console.log(rewind.canRewind, rewind.filesChanged);
  await q.seedReadState('/repo/src/parser.ts', Date.now());

  const plugins = await q.reloadPlugins({ holdOnCacheImpact: true, refuseIfBusy: true });
  console.log(plugins.held, (await q.reloadSkills()).skills, (await q.reloadOutputStyles()).available_output_styles);

  console.log((await q.mcpServerStatus()).map((server) => `${server.name}: ${server.status}`));
  await q.toggleMcpServer('docs', false);
  await q.reconnectMcpServer('docs');
  const widget = await q.readMcpResource('docs', 'ui://docs/widget');
  console.log(widget.contents[0]?.mimeType);
  const { warning } = await q.setMcpPermissionModeOverride('docs', 'default');
  console.log(warning);
  const calc = createSdkMcpServer({
    name: 'calc',
    tools: [
      tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + b) }],
      })),
    ],
  });
  const changed = await q.setMcpServers({ docs: { type: 'http', url: 'http://127.0.0.1:8080/mcp' }, calc });
  console.log(changed.added, changed.removed, changed.errors);

  await q.stopTask('task-1');
  console.log(await q.backgroundTasks(), await q.backgroundTasks('toolu_1'));
  await q.streamInput(moreTurns());
  q.close();
}
