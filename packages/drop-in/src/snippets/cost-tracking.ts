import { type ModelUsage, query, type SDKResultMessage } from '@hexagent/sdk';

/** Cost tracking: usage per assistant message (deduplicated by message id) and the result's totals. */
export async function costTracking(): Promise<void> {
  const seen = new Set<string>();
  let outputTokens = 0;
  let result: SDKResultMessage | undefined;
  for await (const message of query({ prompt: 'Summarize this project' })) {
    if (message.type === 'assistant' && !seen.has(message.message.id)) {
      seen.add(message.message.id);
      outputTokens += message.message.usage.output_tokens;
    }
    if (message.type === 'result') result = message;
  }
  if (result === undefined) return;
  console.log(`Total cost: $${result.total_cost_usd.toFixed(4)}, ${outputTokens} output tokens`);
  console.log('cache reads:', result.usage.cache_read_input_tokens, 'input:', result.usage.input_tokens);
  for (const [model, usage] of Object.entries(result.modelUsage)) {
    const perModel: ModelUsage = usage;
    console.log(model, perModel.costUSD, perModel.inputTokens, perModel.outputTokens);
  }
}
