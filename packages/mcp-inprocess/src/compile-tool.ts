import { errorMessage } from '@hexagent/core';
import {
  type AnyObjectSchema,
  objectFromShape,
  safeParse,
  type ZodRawShapeCompat,
} from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { Ajv, type ValidateFunction } from 'ajv';
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

function compileJsonSchema(schema: Record<string, unknown>): ValidateFunction {
  if (sharedAjv === undefined || compilationsOnSharedAjv >= MAX_COMPILATIONS_PER_AJV) {
    sharedAjv = new Ajv({ allErrors: true, strict: false });
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
  };
}

function compileZodTool(definition: SdkMcpToolDefinition): CompiledTool {
  const objectSchema: AnyObjectSchema = objectFromShape(definition.inputSchema as ZodRawShapeCompat);
  const jsonSchema = toJsonSchemaCompat(objectSchema, { strictUnions: true, pipeStrategy: 'input' }) as Record<
    string,
    unknown
  >;
  return {
    definition,
    listEntry: listEntry(definition, { $schema: DRAFT_07, ...jsonSchema }),
    check(args) {
      const result = safeParse(objectSchema, args);
      if (result.success) return { ok: true, args: result.data };
      return { ok: false, message: formatInvalidArguments(definition.name, issuesFromZod(result.error, args)) };
    },
  };
}

function compileJsonSchemaTool(definition: SdkMcpToolDefinition): CompiledTool {
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
          validate = compileJsonSchema(schema);
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
 * definition, so every session built from the same `createSdkMcpServer` config shares it.
 */
export function compileTool(definition: SdkMcpToolDefinition): CompiledTool {
  let tool = compiled.get(definition);
  if (tool === undefined) {
    tool =
      inputSchemaKind(definition.inputSchema).kind === 'zod'
        ? compileZodTool(definition)
        : compileJsonSchemaTool(definition);
    compiled.set(definition, tool);
  }
  return tool;
}
