/**
 * The scripted model server's script playback: which turn answers a request (in order, the same
 * error again for a retry, a text when the list runs out, side requests apart), and the Messages
 * API message a turn becomes.
 */
import type { AnthropicMessage, AnthropicResponseBlock } from './anthropic-message.js';
import {
  isModelApiError,
  type ModelApiError,
  type ModelReply,
  type ModelScript,
  type ModelTurn,
  type ModelUsage,
} from './model-script.js';
import { text } from './model-turn-helpers.js';
import type { MessagesRequestBody, RecordedRequest } from './recorded-request.js';

/** The text of the turn served when a list script has no turns left. */
export const NO_MORE_SCRIPTED_TURNS = '(no more scripted turns)';

/** The text side requests are answered with by default. */
export const SIDE_REQUEST_TEXT = 'OK';

const DEFAULT_USAGE: ModelUsage = { input_tokens: 10, output_tokens: 5 };
const DEFAULT_SIGNATURE = 'c2NyaXB0ZWQtdGhpbmtpbmctc2lnbmF0dXJl';
const DEFAULT_MODEL = 'claude-scripted';

/** Plays a {@link ModelScript}: one turn per main request, and answers for side requests. */
export class ScriptPlayer {
  private readonly script: ModelScript;
  private readonly sideTurn: ((request: RecordedRequest) => ModelTurn | Promise<ModelTurn>) | undefined;
  private nextTurn = 0;
  private mainCount = 0;
  private messageCounter = 0;
  private toolUseCounter = 0;
  private lastMainError: { request: RecordedRequest; turn: ModelApiError } | undefined;

  constructor(
    script: ModelScript,
    sideTurn: ((request: RecordedRequest) => ModelTurn | Promise<ModelTurn>) | undefined,
  ) {
    this.script = script;
    this.sideTurn = sideTurn;
  }

  /** The turn that answers a main request; sets its `isRetry`, `turnIndex` and `exhausted`. */
  async mainTurn(record: RecordedRequest): Promise<ModelTurn> {
    const index = this.mainCount++;
    const previousError = this.lastMainError;
    record.isRetry =
      previousError !== undefined &&
      JSON.stringify(previousError.request.body.messages) === JSON.stringify(record.body.messages);
    const turn = await this.chooseMainTurn(record, index, previousError);
    this.lastMainError = isModelApiError(turn) ? { request: record, turn } : undefined;
    return turn;
  }

  /** The answer to a side request: the `sideTurn` option's, or the text `OK`. */
  async sideAnswer(record: RecordedRequest): Promise<ModelTurn> {
    if (this.sideTurn !== undefined) return this.sideTurn(record);
    return { content: [text(SIDE_REQUEST_TEXT)] };
  }

  /** The Messages API message of a reply: ids numbered per server, the request's model, a stop reason. */
  buildMessage(turn: ModelReply, body: MessagesRequestBody): AnthropicMessage {
    const content = turn.content.map((block): AnthropicResponseBlock => {
      if (block.type === 'text') return { type: 'text', text: block.text };
      if (block.type === 'thinking') {
        return { type: 'thinking', thinking: block.thinking, signature: block.signature ?? DEFAULT_SIGNATURE };
      }
      return {
        type: 'tool_use',
        id: block.id ?? `toolu_${++this.toolUseCounter}`,
        name: block.name,
        input: block.input,
      };
    });
    const usage = turn.usage ?? DEFAULT_USAGE;
    return {
      id: `msg_${++this.messageCounter}`,
      type: 'message',
      role: 'assistant',
      model: typeof body.model === 'string' ? body.model : DEFAULT_MODEL,
      content,
      stop_reason: turn.stopReason ?? (content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn'),
      stop_sequence: null,
      usage: {
        input_tokens: usage.input_tokens,
        output_tokens: usage.output_tokens,
        cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
        cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
      },
    };
  }

  private async chooseMainTurn(
    record: RecordedRequest,
    index: number,
    previousError: { request: RecordedRequest; turn: ModelApiError } | undefined,
  ): Promise<ModelTurn> {
    if (typeof this.script === 'function') {
      record.turnIndex = index;
      return this.script(record, index);
    }
    if (record.isRetry && previousError !== undefined && previousError.turn.retryable !== true) {
      if (previousError.request.turnIndex !== undefined) record.turnIndex = previousError.request.turnIndex;
      return previousError.turn;
    }
    const turn = this.script[this.nextTurn];
    if (turn === undefined) {
      record.exhausted = true;
      return { content: [text(NO_MORE_SCRIPTED_TURNS)] };
    }
    record.turnIndex = this.nextTurn++;
    return turn;
  }
}
