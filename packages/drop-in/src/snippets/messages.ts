import { AbortError, query, type SDKMessage } from '@hexagent/sdk';

function show(message: SDKMessage): void {
  switch (message.type) {
    case 'assistant':
      for (const block of message.message.content) {
        if (block.type === 'text') console.log(block.text);
        else if (block.type === 'tool_use') console.log(block.name, block.input);
        else if (block.type === 'thinking') console.log(block.thinking.length);
      }
      if (message.error) console.error(message.error);
      break;
    case 'user':
      if (typeof message.message.content !== 'string') {
        for (const block of message.message.content) if (block.type === 'tool_result') console.log(block.tool_use_id);
      }
      break;
    case 'stream_event':
      if (message.event.type === 'content_block_delta' && message.event.delta.type === 'text_delta') {
        process.stdout.write(message.event.delta.text);
      }
      break;
    case 'system':
      if (message.subtype === 'api_retry') console.log(message.attempt, message.max_retries, message.error_status);
      if (message.subtype === 'compact_boundary') console.log(message.compact_metadata.pre_tokens);
      if (message.subtype === 'status') console.log(message.status);
      break;
    case 'result':
      if (message.subtype === 'success') console.log(message.result);
      else console.error(message.subtype, message.errors);
      break;
    case 'tool_progress':
      console.log(message.tool_name, message.elapsed_time_seconds);
      break;
    case 'rate_limit_event':
      console.log(message.rate_limit_info.status);
      break;
    default:
      break;
  }
}

/** Narrowing every kind of message, with partial messages streamed. */
export async function messages(): Promise<void> {
  const abortController = new AbortController();
  try {
    for await (const message of query({
      prompt: 'Explain this repository',
      options: { includePartialMessages: true, abortController },
    })) {
      show(message);
    }
  } catch (error) {
    if (error instanceof AbortError) console.log('aborted');
    throw new AbortError('stopped by the user');
  }
}
