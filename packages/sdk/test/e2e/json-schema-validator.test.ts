import { createSdkMcpServer, type JsonSchemaValidator, query, tool } from '@hexagent/sdk';
import { collect, resultText, TestScope, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

const scope = new TestScope();
afterEach(() => scope.cleanup());

/**
 * A validator that generates no code (what an edge runtime needs): a positive integer `factor`,
 * nothing else. It records what it was asked.
 */
function positiveFactorValidator(): JsonSchemaValidator & { schemas: unknown[]; inputs: unknown[] } {
  const schemas: unknown[] = [];
  const inputs: unknown[] = [];
  return {
    schemas,
    inputs,
    getValidator<T>(schema: Record<string, unknown>) {
      schemas.push(schema);
      return (input: unknown) => {
        inputs.push(input);
        const factor = (input as { factor?: unknown } | null)?.factor;
        return Number.isInteger(factor) && (factor as number) >= 1
          ? { valid: true as const, data: input as T, errorMessage: undefined }
          : {
              valid: false as const,
              data: undefined,
              errorMessage: 'factor: must be a positive integer (checked by hand)',
            };
      };
    },
  };
}

describe('a JSON Schema validator of your own, through the real CLI', () => {
  it('checks the calls of JSON Schema tools: a refused call tells the model why, a good one runs the handler', async () => {
    const validator = positiveFactorValidator();
    const handled: unknown[] = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      jsonSchemaValidator: validator,
      tools: [
        tool(
          'scale',
          'Scale by a factor',
          { type: 'object', properties: { factor: { type: 'integer', minimum: 1 } }, required: ['factor'] },
          async (args) => {
            handled.push(args);
            return { content: [{ type: 'text', text: `scaled x${String(args['factor'])}` }] };
          },
        ),
      ],
    });
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__scale', { factor: 0 }, 'toolu_bad')] },
      { content: [toolUse('mcp__calc__scale', { factor: 3 }, 'toolu_good')] },
      { content: [text('scaled by three')] },
    ]);
    const messages = await collect(
      query({
        prompt: 'scale by 0, then by 3',
        options: { env: harness.env, mcpServers: { calc }, allowedTools: ['mcp__calc__scale'] },
      }),
    );

    // What the model received.
    const results = harness.server.toolResults();
    const bad = results.find((result) => result.tool_use_id === 'toolu_bad');
    const good = results.find((result) => result.tool_use_id === 'toolu_good');
    expect(bad?.is_error).toBe(true);
    expect(resultText(bad?.content)).toContain(
      'Invalid arguments for tool "scale": factor: must be a positive integer (checked by hand)',
    );
    expect(good?.is_error ?? false).toBe(false);
    expect(resultText(good?.content)).toContain('scaled x3');
    // What the handler and the validator got.
    expect(handled).toEqual([{ factor: 3 }]);
    expect(validator.schemas).toEqual([
      { type: 'object', properties: { factor: { type: 'integer', minimum: 1 } }, required: ['factor'] },
    ]);
    expect(validator.inputs).toEqual([{ factor: 0 }, { factor: 3 }]);
    // What the user saw.
    const result = messages.filter((message) => message.type === 'result').at(-1) as Record<string, unknown>;
    expect(result.subtype).toBe('success');
    expect(result.result).toBe('scaled by three');
  });
});
