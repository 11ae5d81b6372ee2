import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_AGENT_CALL_ID,
  BACKGROUND_FOLLOW_UP_CALL_ID,
  BACKGROUND_SUBAGENT_CALL_ID,
  backgroundAgentScript,
} from './background-agent-script.js';
import type { ModelReply } from './model-script.js';
import type { MessagesRequestMessage, RecordedRequest } from './recorded-request.js';

const request = (messages: MessagesRequestMessage[]) => ({ body: { messages } }) as unknown as RecordedRequest;
const prompt: MessagesRequestMessage = { role: 'user', content: 'Start a subagent in the background.' };
const agentCall: MessagesRequestMessage = {
  role: 'assistant',
  content: [{ type: 'tool_use', id: BACKGROUND_AGENT_CALL_ID, name: 'Agent', input: {} }],
};
const result = (id: string): MessagesRequestMessage => ({
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }],
});

describe('backgroundAgentScript', () => {
  it('plays the main agent: the Agent call, its first answer, the follow-up tool call, the final answer', async () => {
    const { script, resultTexts } = backgroundAgentScript();
    const turn = async (messages: MessagesRequestMessage[]) => (await script(request(messages), 0)) as ModelReply;
    expect((await turn([prompt])).content[0]).toMatchObject({
      type: 'tool_use',
      name: 'Agent',
      id: BACKGROUND_AGENT_CALL_ID,
      input: { prompt: 'SUB: work', run_in_background: true },
    });
    expect((await turn([prompt, agentCall, result(BACKGROUND_AGENT_CALL_ID)])).content).toEqual([
      { type: 'text', text: resultTexts[0] },
    ]);
    const notified = [
      prompt,
      agentCall,
      result(BACKGROUND_AGENT_CALL_ID),
      { role: 'user', content: 'sub done, notified' },
    ];
    expect((await turn(notified)).content[0]).toMatchObject({
      name: 'mcp__calc__add',
      id: BACKGROUND_FOLLOW_UP_CALL_ID,
      input: { a: 15, b: 27 },
    });
    expect((await turn([...notified, result(BACKGROUND_FOLLOW_UP_CALL_ID)])).content).toEqual([
      { type: 'text', text: resultTexts[1] },
    ]);
  });

  it('holds the subagent’s answer until releaseSubagent()', async () => {
    const { script, releaseSubagent } = backgroundAgentScript();
    let answered = false;
    const answer = Promise.resolve(script(request([{ role: 'user', content: 'SUB: work' }]), 0)).then((turn) => {
      answered = true;
      return turn as ModelReply;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    releaseSubagent();
    expect((await answer).content).toEqual([{ type: 'text', text: 'sub done' }]);
  });

  it('with subagentCommand, the released subagent runs it with Bash before it answers', async () => {
    const { script, releaseSubagent } = backgroundAgentScript({ subagentCommand: 'echo sub-ran' });
    releaseSubagent();
    const task: MessagesRequestMessage = { role: 'user', content: 'SUB: work' };
    const call = (await script(request([task]), 0)) as ModelReply;
    expect(call.content[0]).toMatchObject({
      name: 'Bash',
      id: BACKGROUND_SUBAGENT_CALL_ID,
      input: { command: 'echo sub-ran' },
    });
    const ran: MessagesRequestMessage[] = [
      task,
      { role: 'assistant', content: [{ type: 'tool_use', id: BACKGROUND_SUBAGENT_CALL_ID, name: 'Bash', input: {} }] },
      result(BACKGROUND_SUBAGENT_CALL_ID),
    ];
    expect(((await script(request(ran), 0)) as ModelReply).content).toEqual([{ type: 'text', text: 'sub done' }]);
  });
});
