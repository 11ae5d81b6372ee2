import { startup } from '@hexagent/sdk';

/** Starting the CLI ahead of the first prompt. */
export async function warmStart(): Promise<void> {
  const warm = await startup({ options: { model: 'sonnet' } });
  for await (const message of warm.query('Hello')) console.log(message.type);
  warm.close();
}
