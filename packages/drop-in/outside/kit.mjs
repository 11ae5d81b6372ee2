/**
 * What every outside-program driver shares. A driver runs in the program's own install folder
 * (`run.mjs` copies it to `<program>/.outside/`), so the program's imports resolve as they do for
 * its users; `@anthropic-ai/claude-agent-sdk` there is the official package or a link to
 * hexagent's `packages/sdk`, as `run.mjs` set it up for this side.
 *
 * Each scenario gets its own scripted model and hermetic home, and the driver's whole
 * `process.env` (and its working folder) becomes that scenario's for its duration, as when a user
 * runs the program in that environment.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** `official` or `hexagent`. */
export const SIDE = process.env.OUTSIDE_SIDE ?? 'official';
/** The hexagent checkout the runner came from. */
export const REPO = process.env.OUTSIDE_REPO ?? '';

/** `@hexagent/testing` of the checkout: the scripted model and the hermetic env. */
export const testing = await import(pathToFileURL(join(REPO, 'packages/testing/dist/index.js')).href);

/** The workspace's Claude Code CLI (2.1.332), the one both sides run. */
export const CLI_PATH = join(REPO, 'packages/sdk/node_modules/@anthropic-ai/claude-code/bin/claude.exe');

/**
 * Run `body` against a fresh scripted model (`script`) with `process.env` replaced by a hermetic
 * one and the working folder a new project folder under the hermetic home. Resolves with what
 * `body` returned, plus what the model received.
 */
export async function scenario(script, body, serverOptions) {
  const server = await testing.ScriptedModelServer.start(script, serverOptions);
  const hermetic = await testing.hermeticCliEnv({ baseUrl: server.url });
  const cwd = mkdtempSync(join(hermetic.homeDir, 'project-'));
  mkdirSync(cwd, { recursive: true });
  const savedEnv = { ...process.env };
  const savedCwd = process.cwd();
  for (const key of Object.keys(process.env)) delete process.env[key];
  for (const [key, value] of Object.entries(hermetic.env)) if (value !== undefined) process.env[key] = value;
  process.chdir(cwd);
  try {
    const outcome = await body({ server, env: { ...process.env }, home: hermetic.homeDir, cwd });
    return { ...outcome, modelSaw: modelSaw(server) };
  } finally {
    process.chdir(savedCwd);
    for (const key of Object.keys(process.env)) delete process.env[key];
    Object.assign(process.env, savedEnv);
    await server.close();
    await hermetic.cleanup();
  }
}

/** The last user message of each main request, as text: what the model was asked each time. */
export function modelSaw(server) {
  return server.requests
    .filter((request) => request.kind === 'main')
    .map((request) => lastUserText(request).slice(0, 300));
}

function lastUserText(request) {
  const last = [...(request.body.messages ?? [])].reverse().find((message) => message.role === 'user');
  if (typeof last?.content === 'string') return last.content;
  return (last?.content ?? [])
    .map((block) => {
      if (block.type === 'text') return block.text;
      if (block.type === 'tool_result') return `tool_result:${JSON.stringify(block.content ?? '')}`;
      return '';
    })
    .filter((part) => !part.startsWith('<system-reminder>'))
    .join('\n');
}

/** Run one named scenario, recording its outcome or the error it threw (as data, not a crash). */
export async function attempt(results, name, run) {
  try {
    results[name] = await run();
  } catch (error) {
    results[name] = { threw: describeError(error) };
  }
}

/** What a caller sees of an error: constructor name, `name`, message. */
export function describeError(error) {
  if (!(error instanceof Error)) return { value: String(error) };
  return { constructor: error.constructor?.name, name: error.name, message: stable(error.message) };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A string with run-specific parts (ids, temp paths) replaced, so both sides compare. */
export function stable(text) {
  return String(text)
    .replace(UUID, '<uuid>')
    .replace(/\/tmp\/[^\s"'`]*/g, '<tmp>')
    .replace(/toolu_[A-Za-z0-9]+/g, '<toolu>')
    .replace(/\ba[0-9a-f]{16}\b/g, '<agent-id>')
    .replace(/duration_ms: \d+/g, 'duration_ms: <n>');
}

/**
 * `value` with the fields that differ between any two runs (ids, times, costs, temp paths)
 * replaced by placeholders, recursively.
 */
export function normalize(value) {
  if (typeof value === 'string') return stable(value);
  if (Array.isArray(value)) return value.map(normalize);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [key, inner] of Object.entries(value)) {
    if (/(_ms|Ms|duration|Duration|cost|Cost|time|Time|_at|At|timestamp)$/.test(key) && typeof inner === 'number') {
      out[key] = '<n>';
    } else {
      out[key] = normalize(inner);
    }
  }
  return out;
}

/** Print the driver's results for the runner (one line, after everything the program printed). */
export function report(results) {
  process.stdout.write(`\nOUTSIDE-RESULT ${JSON.stringify(normalize(results))}\n`);
}

/**
 * A message stream as a caller reads it: `type/subtype`, each assistant block (`text:…`,
 * `tool_use:<name>`), a tool result's text, and the result's subtype, text and `is_error`.
 */
export function summarize(messages) {
  return messages.map((message) => {
    const head = message.subtype ? `${message.type}/${message.subtype}` : message.type;
    if (message.type === 'assistant') {
      const blocks = (message.message?.content ?? []).map((block) =>
        block.type === 'text'
          ? `text:${block.text}`
          : block.type === 'tool_use'
            ? `tool_use:${block.name}`
            : block.type,
      );
      return `${head}${message.parent_tool_use_id ? '(sub)' : ''} ${blocks.join(' | ')}`;
    }
    if (message.type === 'user') {
      const content = message.message?.content;
      const blocks = Array.isArray(content)
        ? content.map((block) =>
            block.type === 'tool_result' ? `tool_result:${resultText(block.content)}` : block.type,
          )
        : [String(content)];
      return `${head}${message.parent_tool_use_id ? '(sub)' : ''} ${blocks.join(' | ')}`;
    }
    if (message.type === 'result')
      return `${head} ${JSON.stringify(message.result ?? null)} is_error=${message.is_error}`;
    return head;
  });
}

function resultText(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((block) => block.text ?? block.type).join('');
  return JSON.stringify(content ?? null);
}

/** Every message of `iterable`, and the error its iteration ended with (or `null`). */
export async function drain(iterable, onMessage) {
  const messages = [];
  try {
    for await (const message of iterable) {
      messages.push(message);
      if (onMessage) await onMessage(message);
    }
  } catch (error) {
    return { messages, error: describeError(error) };
  }
  return { messages, error: null };
}

/** The message types the stream yielded, without repeats in a row (stream order kept). */
export function kinds(messages) {
  const out = [];
  for (const message of messages) {
    const kind = message.subtype ? `${message.type}/${message.subtype}` : message.type;
    if (out.at(-1) !== kind) out.push(kind);
  }
  return out;
}
