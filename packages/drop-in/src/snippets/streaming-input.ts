import { query, type SDKUserMessage } from '@hexagent/sdk';

async function* generateMessages(): AsyncGenerator<SDKUserMessage> {
  yield {
    type: 'user',
    message: { role: 'user', content: 'Analyze this codebase for security issues' },
    parent_tool_use_id: null,
  };
  await new Promise((resolve) => setTimeout(resolve, 2000));
  yield {
    type: 'user',
    message: {
      role: 'user',
      content: [
        { type: 'text', text: 'Review this architecture diagram' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      ],
    },
    parent_tool_use_id: null,
    session_id: '',
  };
}

/** Streaming input: a multi-turn conversation fed by an async generator, with an image. */
export async function streamingInput(): Promise<void> {
  for await (const message of query({
    prompt: generateMessages(),
    options: { maxTurns: 10, allowedTools: ['Read', 'Grep'] },
  })) {
    if (message.type === 'result') console.log(message.subtype, message.num_turns);
  }
}
