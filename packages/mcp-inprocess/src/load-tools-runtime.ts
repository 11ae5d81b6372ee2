import type {
  compileTools,
  definitionManifest,
  loadToolCompilers,
  runToolCall,
  ToolCallDeadlines,
} from './tools-runtime.js';

/** What the port needs to serve a definition's tools by itself, loaded on first use (see `tools-runtime.ts`). */
export interface ToolsRuntime {
  /** Compiles the tools of a definition (each cached per tool definition), loading what they need. */
  compileTools: typeof compileTools;
  /** Loads the compilers some tools need (for `buildSdkServer`). */
  loadToolCompilers: typeof loadToolCompilers;
  /** Validates the arguments of a call and runs the tool's handler. */
  runToolCall: typeof runToolCall;
  /** Makes the deadline list of one server's tool calls. */
  createDeadlines(): ToolCallDeadlines;
  /** The manifest of a definition, built without the MCP SDK's `Server`. */
  definitionManifest: typeof definitionManifest;
}

let runtime: Promise<ToolsRuntime> | undefined;

/**
 * Loads the tool compilers (zod helpers, ajv) once per process, when a session first serves a
 * `createSdkMcpServer` definition; importing this package loads none of them, and this loads none
 * of the MCP SDK's `Server`, protocol or message schemas.
 */
export function loadToolsRuntime(): Promise<ToolsRuntime> {
  runtime ??= import('./tools-runtime.js').then(
    (module) => ({
      compileTools: module.compileTools,
      loadToolCompilers: module.loadToolCompilers,
      runToolCall: module.runToolCall,
      createDeadlines: () => new module.ToolCallDeadlines(),
      definitionManifest: module.definitionManifest,
    }),
    (error: unknown) => {
      runtime = undefined;
      throw error;
    },
  );
  return runtime;
}
