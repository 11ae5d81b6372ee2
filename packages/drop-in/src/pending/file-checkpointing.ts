import { query } from '@hexagent/sdk';

/** Live controls of a running query that hexagent does not have yet. */
export async function queryControls(): Promise<void> {
  const q = query({ prompt: 'Refactor the parser', options: { enableFileCheckpointing: true } });
  console.log(await q.supportedAgents(), await q.accountInfo());
  const usage = await q.getContextUsage();
  console.log(
    usage.percentage,
    usage.categories.map((category) => category.name),
  );
  const rewind = await q.rewindFiles('00000000-0000-0000-0000-000000000000', { dryRun: true });
  console.log(rewind.canRewind, rewind.filesChanged);
  const changed = await q.setMcpServers({ docs: { type: 'http', url: 'http://127.0.0.1:8080/mcp' } });
  console.log(changed.added, changed.errors);
  await q.stopTask('task-1');
  q.close();
}
