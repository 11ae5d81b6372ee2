import { errorMessage } from '@hexagent/core';
import type { AnyObjectSchema, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { Ajv, ValidateFunction } from 'ajv';
import { inputSchemaKind } from './input-schema-kind.js';
import type { SdkMcpToolDefinition } from './sdk-mcp-tool-definition.js';
import { formatInvalidArguments, issuesFromAjv, issuesFromZod } from './validation-issues.js';

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

const compiled = new WeakMap<SdkMcpToolDefinition, CompiledTool>();

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
 * shapes, ajv for JSON Schema: most servers need only one (see docs/performance.md#lazy-loading).
 */
export interface ToolCompilers {
  zod4?: Zod4Core;
  zodCompat?: ZodCompat;
  Ajv?: typeof Ajv;
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
let ajvModule: Promise<typeof Ajv> | undefined;

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

function loadAjv(): Promise<typeof Ajv> {
  ajvModule ??= import('ajv').then((module) => module.Ajv);
  return ajvModule;
}

/** Loads (once per process) the compilers `tools` need that are not compiled yet. */
export async function loadToolCompilers(tools: readonly SdkMcpToolDefinition[]): Promise<ToolCompilers> {
  const kinds = new Set(tools.filter((tool) => !compiled.has(tool)).map(schemaKindOf));
  const [zod4, zodCompat, ajv] = await Promise.all([
    kinds.has('zod4') ? loadZod4() : undefined,
    kinds.has('zod3') ? loadZodCompat() : undefined,
    kinds.has('json-schema') ? loadAjv() : undefined,
  ]);
  const compilers: ToolCompilers = {};
  if (zod4 !== undefined) compilers.zod4 = zod4;
  if (zodCompat !== undefined) compilers.zodCompat = zodCompat;
  if (ajv !== undefined) compilers.Ajv = ajv;
  return compilers;
}

function missing(what: string): never {
  throw new Error(`hexagent: ${what} is not loaded (loadToolCompilers() must run before compileTool())`);
}

/**
 * Ajv keeps every validator it compiles for as long as it lives (in its code scope; `removeSchema`
 * does not release them), so one Ajv for the whole process grew by ~5 KB for each JSON Schema tool
 * definition ever compiled: a leak in a program that builds a `createSdkMcpServer` config per
 * request. The shared Ajv is therefore replaced after this many compilations; validators already
 * handed out keep working, and an old Ajv is collected once none of its validators is referenced.
 */
const MAX_COMPILATIONS_PER_AJV = 64;
let sharedAjv: Ajv | undefined;
let compilationsOnSharedAjv = 0;

function compileJsonSchema(AjvClass: typeof Ajv, schema: Record<string, unknown>): ValidateFunction {
  if (sharedAjv === undefined || compilationsOnSharedAjv >= MAX_COMPILATIONS_PER_AJV) {
    sharedAjv = new AjvClass({ allErrors: true, strict: false });
    compilationsOnSharedAjv = 0;
  }
  compilationsOnSharedAjv += 1;
  return sharedAjv.compile(schema);
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

function compileJsonSchemaTool(definition: SdkMcpToolDefinition, AjvClass: typeof Ajv): CompiledTool {
  const { $schema, ...keywords } = definition.inputSchema as Record<string, unknown>;
  const schema = { type: 'object', ...keywords };
  let validate: ValidateFunction | undefined;
  let compileError: string | undefined;
  return {
    definition,
    listEntry: listEntry(definition, { $schema: $schema ?? DRAFT_07, ...schema }),
    check(args) {
      if (validate === undefined && compileError === undefined) {
        try {
          // `$schema` is left out so that schemas naming another draft still compile.
          validate = compileJsonSchema(AjvClass, schema);
        } catch (error) {
          compileError = `Tool "${definition.name}" has an inputSchema that is not valid JSON Schema: ${errorMessage(error)}`;
        }
      }
      if (validate === undefined) return { ok: false, message: compileError ?? 'unreachable' };
      if (validate(args)) return { ok: true, args };
      return {
        ok: false,
        message: formatInvalidArguments(definition.name, issuesFromAjv(validate.errors ?? [], args)),
      };
    },
  };
}

/**
 * Compiles a tool once per process: its `tools/list` entry (zod shapes converted to draft-07 JSON
 * Schema) and its validator (ajv, compiled on first use; or the zod object schema). Cached by
 * definition, so every session built from the same `createSdkMcpServer` config shares it. The
 * compilers it needs come from {@link loadToolCompilers}.
 */
export function compileTool(definition: SdkMcpToolDefinition, compilers: ToolCompilers): CompiledTool {
  let tool = compiled.get(definition);
  if (tool === undefined) {
    switch (schemaKindOf(definition)) {
      case 'zod4':
        tool = compileZod4Tool(definition, compilers.zod4 ?? missing('zod/v4/core'));
        break;
      case 'zod3':
        tool = compileZod3Tool(definition, compilers.zodCompat ?? missing("the MCP SDK's zod helpers"));
        break;
      default:
        tool = compileJsonSchemaTool(definition, compilers.Ajv ?? missing('ajv'));
    }
    compiled.set(definition, tool);
  }
  return tool;
}
