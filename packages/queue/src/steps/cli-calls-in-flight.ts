import { type ApprovalLedger, inputDigest, type StepCall } from '@hexagent/core';

/** Built-in tools of the CLI that change nothing: one cut by a crash may simply run again. */
export const READ_ONLY_CLI_TOOLS: readonly string[] = ['Read', 'Glob', 'Grep', 'LS'];

interface Block {
  type?: unknown;
  id?: unknown;
  name?: unknown;
  input?: unknown;
  tool_use_id?: unknown;
}

function blocksOf(entry: Record<string, unknown>): Block[] {
  const content = (entry.message as { content?: unknown } | undefined)?.content;
  return Array.isArray(content) ? (content as Block[]) : [];
}

/**
 * The calls of tools the CLI runs itself (`Bash`, `Write`, a stdio MCP server's) that were in flight
 * when the transcript ends: a `tool_use` with no `tool_result` after it. They have no handler of ours
 * to record them as they start, so the transcript the store mirrored is the record; a call a gate's
 * approval holds back (any status but `running`, its claim) never started, and one whose result
 * did not reach the store before the crash counts as in flight (a person decides: the safe side).
 *
 * @param recordedByHandler the tools whose own handler records their calls (the in-process ones).
 */
export async function cliCallsInFlight(
  transcript: ReadonlyArray<Record<string, unknown>>,
  sessionId: string,
  recordedByHandler: (toolName: string) => boolean,
  approvals: ApprovalLedger,
): Promise<StepCall[]> {
  const ended = new Set<unknown>();
  const uses: Block[] = [];
  for (const entry of transcript) {
    for (const block of blocksOf(entry)) {
      if (block.type === 'tool_result') ended.add(block.tool_use_id);
      if (entry.type === 'assistant' && block.type === 'tool_use' && typeof block.id === 'string') uses.push(block);
    }
  }
  const calls: StepCall[] = [];
  for (const use of uses) {
    const toolName = typeof use.name === 'string' ? use.name : '';
    if (ended.has(use.id) || recordedByHandler(toolName)) continue;
    const gate = await approvals.find(sessionId, use.id as string);
    if (gate !== null && gate.status !== 'running') continue;
    const input = (typeof use.input === 'object' && use.input !== null ? use.input : {}) as Record<string, unknown>;
    calls.push({ sessionId, toolUseId: use.id as string, toolName, input, inputDigest: inputDigest(input) });
  }
  return calls;
}
