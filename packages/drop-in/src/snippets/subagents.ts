import { type AgentDefinition, query } from '@hexagent/sdk';

const reviewer: AgentDefinition = {
  description: 'Expert code reviewer for quality and security reviews.',
  prompt: 'Analyze code quality and suggest improvements.',
  tools: ['Read', 'Glob', 'Grep'],
  model: 'sonnet',
  maxTurns: 5,
};

/** Subagents: agents defined in options, and messages told apart by parent_tool_use_id. */
export async function subagents(): Promise<void> {
  for await (const message of query({
    prompt: 'Review the authentication module for security issues',
    options: { allowedTools: ['Read', 'Grep', 'Glob', 'Agent'], agents: { 'code-reviewer': reviewer } },
  })) {
    if (message.type === 'assistant' && message.parent_tool_use_id !== null) {
      console.log('from a subagent:', message.message.content.length, 'blocks');
    }
    if (message.type === 'system' && message.subtype === 'task_started') console.log('task', message.task_id);
    if (message.type === 'system' && message.subtype === 'task_notification')
      console.log(message.status, message.summary);
  }
}
