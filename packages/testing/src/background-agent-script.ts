import type { ModelScriptFunction, ModelTurn } from './model-script.js';
import { text, toolUse } from './model-turn-helpers.js';
import type { MessagesRequestMessage, RecordedRequest } from './recorded-request.js';

/** The `tool_use` id of the main agent's Agent call. */
export const BACKGROUND_AGENT_CALL_ID = 'toolu_bg_agent';
/** The `tool_use` id of the follow-up turn's call of the in-process `add` tool. */
export const BACKGROUND_FOLLOW_UP_CALL_ID = 'toolu_bg_add';
/** The `tool_use` id of the subagent's Bash call, with {@link BackgroundAgentScriptOptions.subagentCommand}. */
export const BACKGROUND_SUBAGENT_CALL_ID = 'toolu_bg_sub_cmd';

/** Options of {@link backgroundAgentScript}. */
export interface BackgroundAgentScriptOptions {
  /** Once released, the subagent first runs this command (the Bash tool), then answers. */
  subagentCommand?: string;
}

/** What {@link backgroundAgentScript} returns. */
export interface BackgroundAgentScript {
  /** The model: one run of the story (or several, one after the other, on one server). */
  readonly script: ModelScriptFunction;
  /** Lets the subagent answer: call it once the app has seen the main turn's first `result`. */
  releaseSubagent(): void;
  /** The texts of the main turn and the follow-up turn, in the order their results come. */
  readonly resultTexts: readonly [string, string];
}

const FIRST = 'started it, waiting';
const FOLLOW_UP = 'answer=42';

function answers(message: MessagesRequestMessage | undefined, toolUseId: string): boolean {
  const content = message?.content;
  if (content === undefined || typeof content === 'string') return false;
  return content.some((block) => block.type === 'tool_result' && block.tool_use_id === toolUseId);
}

/**
 * A scripted model for a run whose subagent works in the background, as the official SDKs' e2e
 * tests (and the Python SDK's issue #1190) cover it: the main agent starts a subagent with the
 * Agent tool (`run_in_background: true`, its task `SUB: work`) and ends its turn ("started it,
 * waiting"); the subagent answers "sub done" only once {@link BackgroundAgentScript.releaseSubagent}
 * is called, so its completion comes after the main turn's `result` and the CLI wakes the main
 * agent for a follow-up turn, which calls the in-process tool `mcp__calc__add` with
 * `{ a: 15, b: 27 }` and then answers "answer=42". The follow-up is the part that needs the SDK
 * after the first `result` (the tool, and the hooks and permission prompt around it); with
 * `subagentCommand`, so is the subagent's own Bash call, made once it is released.
 *
 * @example
 * ```ts
 * const story = backgroundAgentScript();
 * const server = await ScriptedModelServer.start(story.script);
 * for await (const message of query({ prompt: 'Start a subagent in the background.', options })) {
 *   if (message.type === 'result') story.releaseSubagent();
 * }
 * ```
 */
export function backgroundAgentScript(options: BackgroundAgentScriptOptions = {}): BackgroundAgentScript {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const script = async (request: RecordedRequest): Promise<ModelTurn> => {
    const messages = request.body.messages ?? [];
    const first = messages.find((message) => message.role === 'user');
    if (JSON.stringify(first?.content ?? '').includes('SUB:')) {
      await released;
      const ran = JSON.stringify(messages).includes(BACKGROUND_SUBAGENT_CALL_ID);
      if (options.subagentCommand === undefined || ran) return { content: [text('sub done')] };
      const input = { command: options.subagentCommand, description: 'the subagent’s command' };
      return { content: [toolUse('Bash', input, BACKGROUND_SUBAGENT_CALL_ID)] };
    }
    const last = [...messages].reverse().find((message) => message.role === 'user');
    if (answers(last, BACKGROUND_FOLLOW_UP_CALL_ID)) return { content: [text(FOLLOW_UP)] };
    if (answers(last, BACKGROUND_AGENT_CALL_ID)) return { content: [text(FIRST)] };
    if (JSON.stringify(messages).includes(BACKGROUND_AGENT_CALL_ID)) {
      // The CLI's notification that the subagent finished: the follow-up turn.
      return { content: [toolUse('mcp__calc__add', { a: 15, b: 27 }, BACKGROUND_FOLLOW_UP_CALL_ID)] };
    }
    const task = { description: 'in the background', prompt: 'SUB: work', subagent_type: 'general-purpose' };
    return { content: [toolUse('Agent', { ...task, run_in_background: true }, BACKGROUND_AGENT_CALL_ID)] };
  };
  return { script, releaseSubagent: () => release(), resultTexts: [FIRST, FOLLOW_UP] };
}
