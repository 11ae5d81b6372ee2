/** A JSON Schema as the validator seam takes it: the object form (a tool's `inputSchema`). */
export type JsonSchema = Record<string, unknown>;

/** The outcome of one validation: the value (as the validator returns it) or the reasons it failed. */
export type JsonSchemaValidationResult<T> =
  | { valid: true; data: T; errorMessage: undefined }
  | { valid: false; data: undefined; errorMessage: string };

/** Validates values against the schema it was made from; called once per tool call. */
export type JsonSchemaValidateFunction<T> = (input: unknown) => JsonSchemaValidationResult<T>;

/**
 * The schema-validator seam: compiles a JSON Schema into a function that validates a value and,
 * when it fails, says why in text. The arguments of JSON Schema tools of `createSdkMcpServer` are
 * checked through it. The default compiles with ajv (loaded when a JSON Schema tool is first
 * compiled), which generates code with `new Function`; runtimes that forbid that (Cloudflare
 * Workers, some edge runtimes, a strict CSP) plug another with the `jsonSchemaValidator` option
 * of `createSdkMcpServer`.
 *
 * The shape is the MCP SDK's own validator provider (`jsonSchemaValidator` of
 * `@modelcontextprotocol/sdk/validation`: `getValidator(schema)` returning `{ valid, data,
 * errorMessage }`), so its providers plug in unchanged, `CfWorkerJsonSchemaValidator` from
 * `@modelcontextprotocol/sdk/validation/cfworker` (no code generation) among them. zod tools are
 * validated by zod, never through this seam.
 *
 * `getValidator` is called once per tool, on the tool's first call; a throw there (a schema the
 * validator cannot compile) fails that tool's calls with the error's message. `errorMessage` goes
 * into the tool's error result after `Invalid arguments for tool "<name>": `.
 *
 * @example
 * ```ts
 * import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
 *
 * const server = createSdkMcpServer({
 *   name: 'calc',
 *   tools: [add],
 *   jsonSchemaValidator: new CfWorkerJsonSchemaValidator({ draft: '7', shortcircuit: false }),
 * });
 * ```
 */
export interface JsonSchemaValidator {
  /** Compiles `schema` (an object schema; it may throw when it cannot) into a validate function. */
  getValidator<T>(schema: JsonSchema): JsonSchemaValidateFunction<T>;
}
