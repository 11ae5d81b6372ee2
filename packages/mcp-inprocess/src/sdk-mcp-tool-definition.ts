import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

/**
 * A zod schema as the type system sees it, whichever copy of zod made it: a zod v4 schema (classic,
 * mini or core) declares its parsed type in `_zod.output`, a zod v3 one (zod 3, or `zod/v3` of 3.25+)
 * in `_output`. Structural, so that an app's zod of another version than ours types its tools alike.
 */
export type ZodSchemaLike = { readonly _zod: { readonly output: unknown } } | { readonly _output: unknown };

/**
 * A zod raw shape: an object whose values are zod schemas, such as `{ a: z.number() }`. Schemas of
 * zod v3 (3.25+, `zod/v3`) and zod v4 (`zod`, `zod/v4`, `zod/mini`), of any copy of zod, are
 * accepted; one shape must not mix the two.
 */
export type AnyZodRawShape = { readonly [key: string]: ZodSchemaLike };

/**
 * The arguments a handler receives for a zod raw shape: each field's parsed (output) type, a field
 * of an optional schema as `T | undefined` (as the official SDK's `InferShape` types it).
 */
export type InferShape<Shape extends AnyZodRawShape> = {
  [K in keyof Shape]: Shape[K] extends { readonly _zod: { readonly output: infer O } }
    ? O
    : Shape[K] extends { readonly _output: infer O }
      ? O
      : never;
} & {};

/**
 * A JSON Schema for a tool's arguments. MCP requires an object schema, so `type` is `'object'`
 * (added when left out). The `$schema` keyword may name any draft; the manifest defaults it to
 * draft-07, and validation uses ajv's draft-07 vocabulary.
 */
export interface JsonSchemaObject {
  /** Always `'object'`: MCP tool arguments are an object. */
  type?: 'object';
  /** The schema of each argument, by name. */
  properties?: Record<string, Record<string, unknown> | boolean>;
  /** Names of the arguments that must be present. */
  required?: readonly string[];
  /** Any other JSON Schema keyword (`additionalProperties`, `$defs`, `description`, ...). */
  [keyword: string]: unknown;
}

/** A tool's input schema: a zod raw shape or a JSON Schema object. */
export type ToolInputSchema = AnyZodRawShape | JsonSchemaObject;

/** The arguments a handler receives for `Schema`: inferred for zod shapes, a plain record for JSON Schema. */
export type ToolArgs<Schema extends ToolInputSchema> = Schema extends AnyZodRawShape
  ? InferShape<Schema>
  : Record<string, unknown>;

/** A notification a handler may send while it runs (for example `notifications/progress`). */
export interface ToolNotification {
  /** The notification's method, such as `notifications/progress`. */
  method: string;
  /** The notification's params. */
  params?: Record<string, unknown>;
}

/** What a tool handler gets besides its arguments. */
export interface ToolHandlerExtra {
  /**
   * Aborted when the call is cancelled (the CLI's `notifications/cancelled`, for instance on
   * interrupt), when the session ends, or when the tool's `timeoutMs` elapses. Long-running
   * handlers should pass it on to `fetch`, child processes and the like. It is made on first read,
   * by a getter on the object's prototype: `{ ...extra }` does not copy it (write
   * `{ ...extra, signal: extra.signal }`), while `extra.signal` and `const { signal } = extra` work.
   */
  readonly signal: AbortSignal;
  /**
   * The JSON-RPC id of this call inside the in-process server. hexagent remaps the CLI's ids, so
   * this is not the id the CLI sent; correlate with {@link ToolHandlerExtra.toolUseId} instead.
   */
  requestId: string | number;
  /** The model's `tool_use` block id (`toolu_...`), when the CLI sent it (`_meta["claudecode/toolUseId"]`). */
  toolUseId?: string;
  /** The request's `_meta` object as the CLI sent it, when present. */
  _meta?: Record<string, unknown>;
  /**
   * Sends a notification to the client. hexagent does not forward server notifications to the CLI
   * yet, so progress and log notifications sent this way are dropped; the method exists so that
   * handlers written for the MCP SDK keep working.
   */
  sendNotification(notification: ToolNotification): Promise<void>;
}

/** A tool handler: receives the validated arguments and returns an MCP `CallToolResult`. */
export type ToolHandler<Args> = (args: Args, extra: ToolHandlerExtra) => Promise<CallToolResult> | CallToolResult;

/** Optional settings of a tool. */
export interface ToolExtras {
  /**
   * MCP tool annotations. `readOnlyHint: true` matters: the CLI runs calls of read-only tools
   * concurrently, and calls of other tools one after another.
   */
  annotations?: ToolAnnotations;
  /**
   * Words that help tool search find this tool when it is deferred. Sent to the CLI as
   * `_meta['anthropic/searchHint']` in `tools/list`.
   */
  searchHint?: string;
  /**
   * Always put this tool in the prompt, never defer it behind tool search. Sent to the CLI as
   * `_meta['anthropic/alwaysLoad']: true` in `tools/list`.
   */
  alwaysLoad?: boolean;
  /**
   * Time limit of one call in milliseconds, counted from the moment the handler starts. When it
   * elapses, the handler's `signal` aborts and the call ends with an `isError` result saying it
   * timed out (the handler is not awaited further). Leave it out for the server's `toolTimeoutMs`
   * (default 30 minutes), so long tools keep working. At most 2,147,483,647 (about 24.8 days).
   */
  timeoutMs?: number;
}

/**
 * One tool of an in-process MCP server, as {@link tool} creates it. Pass it in the `tools` of
 * `createSdkMcpServer`.
 */
export interface SdkMcpToolDefinition<Schema extends ToolInputSchema = ToolInputSchema> {
  /** The tool's name, matching `/^[A-Za-z0-9_-]{1,64}$/`. The model sees it as `mcp__<server>__<name>`. */
  readonly name: string;
  /** What the tool does, for the model. */
  readonly description: string;
  /** The schema the arguments are validated against before the handler runs. */
  readonly inputSchema: Schema;
  /** MCP tool annotations, sent in `tools/list` as given. */
  readonly annotations?: ToolAnnotations;
  /**
   * The tool's `_meta` in `tools/list`: `anthropic/searchHint` and `anthropic/alwaysLoad` from
   * {@link ToolExtras}, as the official SDK sends them.
   */
  readonly _meta?: Readonly<Record<string, unknown>>;
  /** Time limit of one call in milliseconds; see {@link ToolExtras.timeoutMs}. */
  readonly timeoutMs?: number;
  /** Runs the tool. Only ever called with arguments that passed validation. */
  handler(args: ToolArgs<Schema>, extra: ToolHandlerExtra): Promise<CallToolResult> | CallToolResult;
}
