import { createSdkMcpServer, query, type SDKUserMessage, tool } from '@hexagent/sdk';
import { z } from 'zod';

const customServer = createSdkMcpServer({
  name: 'my-custom-tools',
  version: '1.0.0',
  alwaysLoad: false,
  timeout: 60_000,
  tools: [
    tool(
      'get_weather',
      'Get current temperature for a location using coordinates',
      {
        latitude: z.number().describe('Latitude coordinate'),
        longitude: z.number().describe('Longitude coordinate'),
      },
      async (args) => {
        const response = await fetch(
          `https://api.open-meteo.com/v1/forecast?latitude=${args.latitude}&longitude=${args.longitude}&current=temperature_2m`,
        );
        const data = (await response.json()) as { current: { temperature_2m: number } };
        return { content: [{ type: 'text', text: `Temperature: ${data.current.temperature_2m}°F` }] };
      },
      { annotations: { readOnlyHint: true, openWorldHint: true }, searchHint: 'weather forecast', alwaysLoad: true },
    ),
  ],
});

async function* generateMessages(): AsyncGenerator<SDKUserMessage> {
  yield {
    type: 'user',
    message: { role: 'user', content: "What's the weather in San Francisco?" },
    parent_tool_use_id: null,
  };
}

/** Custom tools: an in-process MCP server with createSdkMcpServer and tool(), used with streaming input. */
export async function customTools(): Promise<void> {
  for await (const message of query({
    prompt: generateMessages(),
    options: {
      mcpServers: { 'my-custom-tools': customServer },
      allowedTools: ['mcp__my-custom-tools__get_weather'],
      maxTurns: 3,
    },
  })) {
    if (message.type === 'result' && message.subtype === 'success') console.log(message.result);
  }
}
