import { query } from '@hexagent/sdk';

/** File checkpointing and rewind: `enableFileCheckpointing`, then `rewindFiles`. */
export async function fileCheckpointing(): Promise<void> {
  const q = query({ prompt: 'Refactor the parser', options: { enableFileCheckpointing: true } });
  const rewind = await q.rewindFiles('00000000-0000-0000-0000-000000000000', { dryRun: true });
  console.log(rewind.canRewind, rewind.filesChanged);
  q.close();
}
