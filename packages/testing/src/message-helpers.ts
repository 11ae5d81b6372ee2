/** Every message of a query (any SDK's), in order. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const messages: T[] = [];
  for await (const message of iterable) messages.push(message);
  return messages;
}

/** Every message of a query, and the error its iteration ended with (`undefined` when it just ended). */
export async function collectSettled<T>(iterable: AsyncIterable<T>): Promise<{ messages: T[]; error: unknown }> {
  const messages: T[] = [];
  try {
    for await (const message of iterable) messages.push(message);
  } catch (error) {
    return { messages, error };
  }
  return { messages, error: undefined };
}

/** The `result` messages among `messages`, as records (a test reads any field of them). */
export function results(messages: ReadonlyArray<{ readonly type: string }>): Array<Record<string, unknown>> {
  return messages.filter((message) => message.type === 'result') as unknown as Array<Record<string, unknown>>;
}

/** The concatenated text of a `tool_result` block's content (a string, or text parts). */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (part as { text?: unknown }).text)
    .filter((part): part is string => typeof part === 'string')
    .join('');
}

/** The last `result` among `messages`, as a record; throws, naming what came, when there is none. */
export function lastResult(messages: ReadonlyArray<{ readonly type: string }>): Record<string, unknown> {
  const found = results(messages).at(-1);
  if (found === undefined) throw new Error(`no result message among: ${messages.map((m) => m.type).join(', ')}`);
  return found;
}

/** The `system`/`init` among `messages`, as a record; throws, naming what came, when there is none. */
export function systemInit(messages: ReadonlyArray<{ readonly type: string }>): Record<string, unknown> {
  const found = messages.find(
    (message) => message.type === 'system' && (message as { subtype?: unknown }).subtype === 'init',
  );
  if (found === undefined) throw new Error(`no system/init message among: ${messages.map((m) => m.type).join(', ')}`);
  return found as unknown as Record<string, unknown>;
}

/**
 * Read `run` to its end, calling `controller.abort()` right after the first `system`/`init` is
 * yielded: every message, those that came after the abort (a conforming query yields none), and
 * the error its iteration ended with.
 */
export async function collectAbortingAtInit<T extends { readonly type: string }>(
  run: AsyncIterable<T>,
  controller: AbortController,
): Promise<{ messages: T[]; after: T[]; error: unknown }> {
  const after: T[] = [];
  let aborted = false;
  const { messages, error } = await collectSettled(
    (async function* () {
      for await (const message of run) {
        if (aborted) after.push(message);
        yield message;
        if (message.type === 'system' && (message as { subtype?: unknown }).subtype === 'init') {
          aborted = true;
          controller.abort();
        }
      }
    })(),
  );
  return { messages, after, error };
}
