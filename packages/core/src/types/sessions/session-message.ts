/**
 * A message from a session transcript, returned by `getSessionMessages` and
 * `getSubagentMessages` for reading historical session data.
 */
export type SessionMessage = {
  type: 'user' | 'assistant' | 'system';
  uuid: string;
  session_id: string;
  message: unknown;
  parent_tool_use_id: string | null;
  /**
   * agentId of the subagent that spawned this subagent, or null when this message belongs to a
   * depth-1 subagent (spawned by the main loop) or to the main session itself. Sessions whose
   * metadata lacks the field report null.
   */
  parent_agent_id: string | null;
};
