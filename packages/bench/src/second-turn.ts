/**
 * The floor of the first-message bench: a second turn on a live session. A query with streaming
 * input (an `AsyncIterable` prompt that stays open) runs its first turn to the `result`; then the
 * second user message is pushed, and the clock runs from that push to the second turn's first
 * `assistant` message. No SDK can answer a new prompt faster than a CLI that is already booted,
 * initialized and holding the session, so this is what any warm start is measured against.
 */

/** A user message as both SDKs take it on streaming input. */
export interface StreamedUserMessage {
  type: 'user';
  message: { role: 'user'; content: string };
  parent_tool_use_id: null;
  session_id: string;
}

/** When the second turn's message was pushed and when its first assistant message arrived. */
export interface SecondTurnTiming {
  pushedAt: number;
  firstAssistantAt: number;
}

/** A prompt fed one message at a time, open until `end()` (or the reader's `return()`). */
function openPrompt() {
  const queued: StreamedUserMessage[] = [];
  let waiting: ((result: IteratorResult<StreamedUserMessage>) => void) | undefined;
  let ended = false;
  const done = (): IteratorResult<StreamedUserMessage> => ({ done: true, value: undefined });
  const prompt: AsyncIterable<StreamedUserMessage> = {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        const message = queued.shift();
        if (message !== undefined) return Promise.resolve({ done: false, value: message });
        if (ended) return Promise.resolve(done());
        return new Promise((resolve) => {
          waiting = resolve;
        });
      },
      return: () => {
        end();
        return Promise.resolve(done());
      },
    }),
  };
  const end = () => {
    ended = true;
    waiting?.(done());
    waiting = undefined;
  };
  const push = (content: string) => {
    const message: StreamedUserMessage = {
      type: 'user',
      message: { role: 'user', content },
      parent_tool_use_id: null,
      session_id: '',
    };
    if (waiting === undefined) queued.push(message);
    else {
      waiting({ done: false, value: message });
      waiting = undefined;
    }
  };
  return { prompt, push, end };
}

/**
 * Runs `start(prompt)` (a `query()` of either SDK) for two turns and times the second, pushed
 * `settleMs` after the first turn's `result`.
 *
 * @throws Error when the query ends before the second turn's first assistant message.
 */
export async function timeSecondTurn(
  start: (prompt: AsyncIterable<StreamedUserMessage>) => AsyncIterable<{ type: string }>,
  settleMs = 0,
): Promise<SecondTurnTiming> {
  const { prompt, push, end } = openPrompt();
  push('hi');
  const messages = start(prompt)[Symbol.asyncIterator]();
  const until = async (type: string) => {
    for (;;) {
      const next = await messages.next();
      if (next.done === true) throw new Error(`the query ended while waiting for a '${type}' message`);
      if (next.value.type === type) return performance.now();
    }
  };
  try {
    await until('result');
    // The same settling time the warm starts get between ready and their query.
    if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
    const pushedAt = performance.now();
    push('again');
    return { pushedAt, firstAssistantAt: await until('assistant') };
  } finally {
    end();
    await messages.return?.();
  }
}
