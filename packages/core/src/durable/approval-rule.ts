/** A tool call a rule looks at. */
export interface ToolCallForApproval {
  /** The tool's name as the CLI sees it (`mcp__ops__deploy`, `Bash`). */
  toolName: string;
  /** The input the model gave. */
  input: Record<string, unknown>;
  /** The session of the run. */
  sessionId: string;
  /** The model's `tool_use` id. */
  toolUseId: string;
}

/**
 * Which tool calls need a person's approval. A call needs one when its tool is in `tools` (an exact
 * name, or a prefix ending in `*`, such as `mcp__ops__*`; every tool when `tools` is left out) and
 * `when` (if given) says so. Runs in the process that runs the CLI.
 *
 * @example
 * ```ts
 * const rule: ApprovalRule = {
 *   tools: ['mcp__ops__deploy', 'Bash'],
 *   when: ({ toolName, input }) => toolName !== 'mcp__ops__deploy' || input.env === 'prod',
 * };
 * ```
 */
export interface ApprovalRule {
  /** The tools whose calls may need approval; default every tool. */
  tools?: readonly string[];
  /** Decides for one call of a listed tool; default: every call needs approval. */
  when?: (call: ToolCallForApproval) => boolean | Promise<boolean>;
}

/** True when `rule` says `call` needs approval. */
export async function needsApproval(rule: ApprovalRule, call: ToolCallForApproval): Promise<boolean> {
  if (rule.tools !== undefined && !rule.tools.some((pattern) => matches(pattern, call.toolName))) return false;
  return rule.when === undefined ? true : (await rule.when(call)) === true;
}

function matches(pattern: string, toolName: string): boolean {
  return pattern.endsWith('*') ? toolName.startsWith(pattern.slice(0, -1)) : pattern === toolName;
}
