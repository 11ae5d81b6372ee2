/**
 * The answer to an MCP elicitation, shaped like `ElicitResult` of `@modelcontextprotocol/sdk`
 * (core imports no MCP library): accept with `content`, decline, or cancel.
 */
export type ElicitResult = {
  [key: string]: unknown;
  action: 'accept' | 'decline' | 'cancel';
  _meta?:
    | {
        [key: string]: unknown;
        progressToken?: string | number | undefined;
        'io.modelcontextprotocol/related-task'?: { taskId: string } | undefined;
      }
    | undefined;
  content?: { [key: string]: string | number | boolean | string[] } | undefined;
};
