import { query } from '@hexagent/sdk';

/** Options of the official SDK that hexagent does not take yet. */
export async function newerOptions(): Promise<void> {
  for await (const message of query({
    prompt: 'Plan the migration',
    options: {
      thinking: { type: 'adaptive' },
      effort: 'high',
      sandbox: { enabled: true, network: { allowedDomains: ['example.com'] } },
      toolConfig: { askUserQuestion: { previewFormat: 'markdown' } },
    },
  })) {
    console.log(message.type);
  }
}
