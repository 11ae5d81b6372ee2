import { query } from '@hexagent/sdk';

const schema = {
  type: 'object',
  properties: {
    company_name: { type: 'string' },
    founded_year: { type: 'number' },
    headquarters: { type: 'string' },
  },
  required: ['company_name'],
};

/** Structured output: a JSON Schema for the final result, read from the success result. */
export async function structuredOutput(): Promise<void> {
  for await (const message of query({
    prompt: 'Research Anthropic and provide key company information',
    options: { outputFormat: { type: 'json_schema', schema } },
  })) {
    if (message.type === 'result' && message.subtype === 'success' && message.structured_output) {
      console.log(message.structured_output);
    }
    if (message.type === 'result' && message.subtype === 'error_max_structured_output_retries') {
      console.error('Could not produce valid output', message.errors);
    }
  }
}
