import { errorMessage } from '@hexagent/core';
import type { AnyObjectSchema, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { loadAjvSchemaValidator } from './ajv-schema-validator.js';
import { inputSchemaKind } from './input-schema-kind.js';
import type { JsonSchemaValidateFunction, JsonSchemaValidator } from './json-schema-validator.js';
import type { SdkMcpToolDefinition } from './sdk-mcp-tool-definition.js';
import { formatInvalidArguments, issuesFromZod } from './validation-issues.js';

/** The `$schema` of input schemas in `tools/list`, as the official SDK sends them. */
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** The outcome of validating a call's arguments. */
export type ArgumentsCheck = { ok: true; args: unknown } | { ok: false; message: string };

/** A tool ready to serve: its `tools/list` entry and its argument validator. */
export interface CompiledTool {
  /** The definition it was compiled from. */
  readonly definition: SdkMcpToolDefinition;
  /** The tool as `tools/list` reports it. */
  readonly listEntry: Readonly<Record<string, unknown>>;
  /** Validates arguments; for zod tools `args` is the parsed value (defaults applied). */
  check(args: unknown): ArgumentsCheck;
}

/** zod tools, compiled once per process whatever the server's validator. */
const compiledZod = new WeakMap<SdkMcpToolDefinition, CompiledTool>();
/** JSON Schema tools, compiled once per validator they are checked with. */
const compiledJsonSchema = new WeakMap<JsonSchemaValidator, WeakMap<SdkMcpToolDefinition, CompiledTool>>();

/** The MCP SDK's zod helpers, for zod v3 shapes (they load zod v3 and zod-to-json-schema). */
interface ZodCompat {
  objectFromShape: typeof import('@modelcontextprotocol/sdk/server/zod-compat.js').objectFromShape;
  safeParse: typeof import('@modelcontextprotocol/sdk/server/zod-compat.js').safeParse;
  toJsonSchemaCompat: typeof import('@modelcontextprotocol/sdk/server/zod-json-schema-compat.js').toJsonSchemaCompat;
}

/** zod v4's core: what every zod v4 flavour (`zod`, `zod/mini`) is built on. */
type Zod4Core = typeof import('zod/v4/core');

/**
 * The modules compiling tools needs, loaded for the kinds of tools at hand by
 * {@link loadToolCompilers}: zod v4's core for zod v4 shapes (an app that made them with `zod` or
 * `zod/mini` has loaded it already, so it costs nothing more; `zod/v4-mini`, which the MCP SDK's
 * helpers use, would load ~13 ms of modules on the first query), the MCP SDK's helpers for zod v3
 * shapes, and for JSON Schema the server's validator, or ajv's when it has none: most servers need
 * only one (see docs/performance.md#lazy-loading).
 */
export interface ToolCompilers {
  zod4?: Zod4Core;
  zodCompat?: ZodCompat;
  jsonSchemaValidator?: JsonSchemaValidator;
}

type ToolSchemaKind = 'zod4' | 'zod3' | 'json-schema';

/** Which compiler a tool needs; a shape mixing zod versions goes to the MCP SDK's helpers, which reject it. */
function schemaKindOf(definition: SdkMcpToolDefinition): ToolSchemaKind {
  if (inputSchemaKind(definition.inputSchema).kind !== 'zod') return 'json-schema';
  const values = Object.values(definition.inputSchema as Record<string, object>);
  return values.every((value) => '_zod' in value) ? 'zod4' : 'zod3';
}

let zod4Module: Promise<Zod4Core> | undefined;
let zodCompatModule: Promise<ZodCompat> | undefined;

function loadZod4(): Promise<Zod4Core> {
  zod4Module ??= import('zod/v4/core');
  return zod4Module;
}

function loadZodCompat(): Promise<ZodCompat> {
  zodCompatModule ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/zod-compat.js'),
    import('@modelcontextprotocol/sdk/server/zod-json-schema-compat.js'),
  ]).then(([compat, jsonSchema]) => ({
    objectFromShape: compat.objectFromShape,
    safeParse: compat.safeParse,
    toJsonSchemaCompat: jsonSchema.toJsonSchemaCompat,
  }));
  return zodCompatModule;
}

/**
 * Loads (once per process) the compilers `tools` need that are not compiled yet. JSON Schema tools
 * are checked with `jsonSchemaValidator` when given (then ajv is not loaded), else with ajv's.
 */
export async function loadToolCompilers(
  tools: readonly SdkMcpToolDefinition[],
  jsonSchemaValidator?: JsonSchemaValidator,
): Promise<ToolCompilers> {
  const kinds = new Set(tools.filter((tool) => !isCompiled(tool, jsonSchemaValidator)).map(schemaKindOf));
  const [zod4, zodCompat, validator] = await Promise.all([
    kinds.has('zod4') ? loadZod4() : undefined,
    kinds.has('zod3') ? loadZodCompat() : undefined,
    kinds.has('json-schema') || jsonSchemaValidator !== undefined
      ? (jsonSchemaValidator ?? loadAjvSchemaValidator())
      : undefined,
  ]);
  const compilers: ToolCompilers = {};
  if (zod4 !== undefined) compilers.zod4 = zod4;
  if (zodCompat !== undefined) compilers.zodCompat = zodCompat;
  if (validator !== undefined) {
    compilers.jsonSchemaValidator = validator;
    if (jsonSchemaValidator === undefined) ajvDefault = validator;
  }
  return compilers;
}

/** ajv's validator, once loaded: the one of servers without a `jsonSchemaValidator` of their own. */
let ajvDefault: JsonSchemaValidator | undefined;

function isCompiled(tool: SdkMcpToolDefinition, jsonSchemaValidator: JsonSchemaValidator | undefined): boolean {
  if (schemaKindOf(tool) !== 'json-schema') return compiledZod.has(tool);
  const validator = jsonSchemaValidator ?? ajvDefault;
  return validator !== undefined && compiledJsonSchema.get(validator)?.has(tool) === true;
}

function missing(what: string): never {
  throw new Error(`hexagent: ${what} is not loaded (loadToolCompilers() must run before compileTool())`);
}

function listEntry(definition: SdkMcpToolDefinition, inputSchema: Record<string, unknown>): Record<string, unknown> {
  return {
    name: definition.name,
    description: definition.description,
    inputSchema,
    ...(definition.annotations !== undefined && { annotations: definition.annotations }),
    execution: { taskSupport: 'forbidden' },
    ...(definition._meta !== undefined && { _meta: definition._meta }),
  };
}

/** A zod parse of a call's arguments, in the shape both zod versions' `safeParse` return. */
type ZodParse = (args: unknown) => { success: true; data: unknown } | { success: false; error: unknown };

/** A zod tool from its JSON Schema and its parse: the parsed value (defaults applied) goes to the handler. */
function zodTool(definition: SdkMcpToolDefinition, jsonSchema: Record<string, unknown>, parse: ZodParse): CompiledTool {
  return {
    definition,
    listEntry: listEntry(definition, { $schema: DRAFT_07, ...jsonSchema }),
    check(args) {
      const result = parse(args);
      if (result.success) return { ok: true, args: result.data };
      return { ok: false, message: formatInvalidArguments(definition.name, issuesFromZod(result.error, args)) };
    },
  };
}

function compileZod4Tool(definition: SdkMcpToolDefinition, zod4: Zod4Core): CompiledTool {
  // What the MCP SDK's helpers do for zod v4 shapes (objectFromShape, toJsonSchemaCompat, safeParse),
  // on the core: zod/mini's object() is this constructor plus methods nothing here calls.
  const objectSchema = new zod4.$ZodObject({
    type: 'object',
    shape: definition.inputSchema as import('zod/v4/core').$ZodShape,
  });
  const jsonSchema = zod4.toJSONSchema(objectSchema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  return zodTool(definition, jsonSchema, (args) => zod4.safeParse(objectSchema, args));
}

function compileZod3Tool(definition: SdkMcpToolDefinition, compat: ZodCompat): CompiledTool {
  const objectSchema: AnyObjectSchema = compat.objectFromShape(definition.inputSchema as ZodRawShapeCompat);
  const jsonSchema = compat.toJsonSchemaCompat(objectSchema, { strictUnions: true, pipeStrategy: 'input' }) as Record<
    string,
    unknown
  >;
  return zodTool(definition, jsonSchema, (args) => compat.safeParse(objectSchema, args));
}

function compileJsonSchemaTool(definition: SdkMcpToolDefinition, validator: JsonSchemaValidator): CompiledTool {
  const { $schema, ...keywords } = definition.inputSchema as Record<string, unknown>;
  const schema = { type: 'object', ...keywords };
  let validate: JsonSchemaValidateFunction<unknown> | undefined;
  let compileError: string | undefined;
  return {
    definition,
    listEntry: listEntry(definition, { $schema: $schema ?? DRAFT_07, ...schema }),
    check(args) {
      if (validate === undefined && compileError === undefined) {
        try {
          // `$schema` is left out so that schemas naming another draft still compile.
          validate = validator.getValidator(schema);
        } catch (error) {
          compileError = `Tool "${definition.name}" has an inputSchema that is not valid JSON Schema: ${errorMessage(error)}`;
        }
      }
      if (validate === undefined) return { ok: false, message: compileError ?? 'unreachable' };
      const result = validate(args);
      if (result.valid) return { ok: true, args: result.data };
      return { ok: false, message: formatInvalidArguments(definition.name, result.errorMessage) };
    },
  };
}

/**
 * Compiles a tool once per process: its `tools/list` entry (zod shapes converted to draft-07 JSON
 * Schema) and its validator (the zod object schema; for JSON Schema, the validator of
 * `compilers`, asked on first use). Cached by definition (and validator), so every session built
 * from the same `createSdkMcpServer` config shares it. The compilers it needs come from
 * {@link loadToolCompilers}.
 */
export function compileTool(definition: SdkMcpToolDefinition, compilers: ToolCompilers): CompiledTool {
  const kind = schemaKindOf(definition);
  if (kind === 'json-schema') return compileJsonSchemaToolOnce(definition, compilers);
  let tool = compiledZod.get(definition);
  if (tool === undefined) {
    tool =
      kind === 'zod4'
        ? compileZod4Tool(definition, compilers.zod4 ?? missing('zod/v4/core'))
        : compileZod3Tool(definition, compilers.zodCompat ?? missing("the MCP SDK's zod helpers"));
    compiledZod.set(definition, tool);
  }
  return tool;
}

function compileJsonSchemaToolOnce(definition: SdkMcpToolDefinition, compilers: ToolCompilers): CompiledTool {
  const validator = compilers.jsonSchemaValidator ?? ajvDefault ?? missing('a JSON Schema validator');
  let cache = compiledJsonSchema.get(validator);
  if (cache === undefined) {
    cache = new WeakMap();
    compiledJsonSchema.set(validator, cache);
  }
  let tool = cache.get(definition);
  if (tool === undefined) {
    tool = compileJsonSchemaTool(definition, validator);
    cache.set(definition, tool);
  }
  return tool;
}
