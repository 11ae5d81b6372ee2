import { InvalidOptionError } from '@hexagent/core';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { describe, expect, it } from 'vitest';
import { portsClosedAfterEach } from '../test/calc-servers.js';
import { callTool, textOf } from '../test/port-harness.js';
import { buildSdkServer } from './build-sdk-server.js';
import { loadToolCompilers } from './compile-tool.js';
import { createSdkMcpServer } from './create-sdk-mcp-server.js';
import type { JsonSchema, JsonSchemaValidateFunction, JsonSchemaValidator } from './json-schema-validator.js';
import { tool } from './tool.js';

const { portFor, portOf } = portsClosedAfterEach();

const ADD_SCHEMA = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
} as const;

function addTool() {
  return tool('add', 'Add two numbers', ADD_SCHEMA, async (args) => ({
    content: [{ type: 'text', text: String((args['a'] as number) + (args['b'] as number)) }],
  }));
}

/** A validator that records what it compiles and validates, and accepts objects whose every value is a number. */
function recordingValidator(): JsonSchemaValidator & { compiled: JsonSchema[]; validated: unknown[] } {
  const compiled: JsonSchema[] = [];
  const validated: unknown[] = [];
  return {
    compiled,
    validated,
    getValidator<T>(schema: JsonSchema) {
      compiled.push(schema);
      return (input: unknown) => {
        validated.push(input);
        const ok =
          typeof input === 'object' && input !== null && Object.values(input).every((v) => typeof v === 'number');
        return ok
          ? { valid: true as const, data: input as T, errorMessage: undefined }
          : { valid: false as const, data: undefined, errorMessage: 'only numbers, please' };
      };
    },
  };
}

describe('the jsonSchemaValidator option of createSdkMcpServer', () => {
  it("checks a JSON Schema tool's arguments through it: compiled once per tool, its text in the error", async () => {
    const validator = recordingValidator();
    const port = portFor(createSdkMcpServer({ name: 'calc', tools: [addTool()], jsonSchemaValidator: validator }));
    expect(textOf(await callTool(port, 1, 'add', { a: 15, b: 27 }))).toBe('42');
    const refused = await callTool(port, 2, 'add', { a: 'x', b: 1 });
    expect(refused).toEqual({
      content: [{ type: 'text', text: 'Invalid arguments for tool "add": only numbers, please' }],
      isError: true,
    });
    expect(validator.compiled).toEqual([{ ...ADD_SCHEMA }]);
    expect(validator.validated).toEqual([
      { a: 15, b: 27 },
      { a: 'x', b: 1 },
    ]);
  });

  it('hands the handler the value the validator returns (a validator may coerce or default)', async () => {
    const coercing: JsonSchemaValidator = {
      getValidator<T>(): JsonSchemaValidateFunction<T> {
        return (input) => ({ valid: true, data: { ...(input as object), b: 100 } as T, errorMessage: undefined });
      },
    };
    const port = portFor(createSdkMcpServer({ name: 'calc', tools: [addTool()], jsonSchemaValidator: coercing }));
    expect(textOf(await callTool(port, 1, 'add', { a: 1 }))).toBe('101');
  });

  it('fails the calls of a tool whose schema the validator cannot compile, with its message', async () => {
    const refusing: JsonSchemaValidator = {
      getValidator: () => {
        throw new Error('no $ref support here');
      },
    };
    const port = portFor(createSdkMcpServer({ name: 'calc', tools: [addTool()], jsonSchemaValidator: refusing }));
    const result = await callTool(port, 1, 'add', { a: 1, b: 2 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Tool "add" has an inputSchema that is not valid JSON Schema: no $ref support here');
  });

  it('compiles one tool definition separately for each validator (the process-wide cache is per validator)', async () => {
    const add = addTool();
    const first = recordingValidator();
    const second = recordingValidator();
    const one = portFor(createSdkMcpServer({ name: 'one', tools: [add], jsonSchemaValidator: first }));
    const two = portFor(createSdkMcpServer({ name: 'two', tools: [add], jsonSchemaValidator: second }));
    const byDefault = portFor(createSdkMcpServer({ name: 'three', tools: [add] }));
    expect(textOf(await callTool(one, 1, 'add', { a: 1, b: 2 }))).toBe('3');
    expect(textOf(await callTool(two, 1, 'add', { a: 1, b: 2 }))).toBe('3');
    expect((await callTool(byDefault, 1, 'add', { a: 'x', b: 2 })).content).toEqual([
      { type: 'text', text: 'Invalid arguments for tool "add": a: expected number, got string' },
    ]);
    expect([first.compiled.length, second.compiled.length]).toEqual([1, 1]);
    expect(first.validated).toHaveLength(1);
  });

  it('also checks the calls that the MCP SDK Server built for the definition serves', async () => {
    const validator = recordingValidator();
    const config = createSdkMcpServer({ name: 'calc', tools: [addTool()], jsonSchemaValidator: validator });
    const viaSdk = portOf('calc', async () =>
      buildSdkServer(config.instance, await loadToolCompilers(config.instance.tools, validator)),
    );
    expect(textOf(await callTool(viaSdk, 1, 'add', { a: 2, b: 3 }))).toBe('5');
    expect(textOf(await callTool(viaSdk, 2, 'add', { a: 'two', b: 3 }))).toBe(
      'Invalid arguments for tool "add": only numbers, please',
    );
    expect(validator.compiled).toHaveLength(1);
  });

  it('takes the MCP SDK providers as they are: CfWorkerJsonSchemaValidator validates without code generation', async () => {
    // The MCP SDK's provider type is assignable to the option's: no cast.
    const cfworker: JsonSchemaValidator = new CfWorkerJsonSchemaValidator({ draft: '7', shortcircuit: false });
    const port = portFor(createSdkMcpServer({ name: 'calc', tools: [addTool()], jsonSchemaValidator: cfworker }));
    expect(textOf(await callTool(port, 1, 'add', { a: 15, b: 27 }))).toBe('42');
    const refused = await callTool(port, 2, 'add', { a: 'fifteen' });
    expect(refused.isError).toBe(true);
    // cfworker's own wording, after hexagent's prefix.
    expect(textOf(refused)).toMatch(/^Invalid arguments for tool "add": .*#.*(required|type)/);
  });

  it('refuses a value without getValidator with InvalidOptionError', () => {
    for (const bad of [{}, null, 'ajv', { getValidator: 1 }]) {
      expect(() =>
        createSdkMcpServer({
          name: 'calc',
          tools: [addTool()],
          jsonSchemaValidator: bad as unknown as JsonSchemaValidator,
        }),
      ).toThrow(InvalidOptionError);
    }
  });
});
