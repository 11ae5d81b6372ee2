/**
 * Fake Claude Code CLIs for the reliability tests: small Node scripts written to a temp dir and
 * started by the real `CliTransport` through `pathToClaudeCodeExecutable`, so process exits,
 * signals, broken pipes and bad output are real. Each script gets a prelude that speaks just enough
 * of the protocol (`cli.*`, below) and the test's own body.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SDKAnyMessage } from '@hexagent/sdk';

const tempDirs: string[] = [];

/** Remove every temp dir the helpers made (call in `afterEach`). */
export function removeFakeCliDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A fresh temp dir, removed by {@link removeFakeCliDirs}. */
export function tempDir(prefix = 'hexagent-reliability-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/**
 * The prelude of every fake CLI (CommonJS). What the body can use:
 * - `send(message)`: write one JSON line to stdout.
 * - `cli.onInit(message)`: replaces the default answer to `initialize` (a success with `initAnswer`).
 * - `cli.initAnswer`: extra fields of the default `initialize` answer.
 * - `cli.onUser(message)`: called for each user message.
 * - `cli.onEnd()`: called when stdin ends (default: exit 0).
 * - `cli.request(subtype, payload)`: send a control request to the SDK; resolves with its `response`.
 * - `cli.assistant(text)`, `cli.result(text)`: write those messages.
 * - `cli.note(name, value)`: append `name value` to the notes file (see {@link FakeCli.notes}).
 * - `cli.waitForFile(path)`: resolves once `path` exists (a test's signal to the fake CLI).
 */
const PRELUDE = String.raw`
const fs = require('node:fs');
const readline = require('node:readline');
const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
const env = process.env;
if (env.FAKE_CLI_PID_FILE) fs.writeFileSync(env.FAKE_CLI_PID_FILE, String(process.pid));
const waiting = new Map();
let counter = 0;
const cli = {
  initAnswer: {},
  onInit: undefined,
  onUser: undefined,
  onEnd: () => process.exit(0),
  request(subtype, payload = {}) {
    const id = 'fake_cli_' + ++counter;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      send({ type: 'control_request', request_id: id, request: { ...payload, subtype } });
    });
  },
  assistant(text) {
    send({ type: 'assistant', session_id: 'fake', parent_tool_use_id: null,
      message: { id: 'msg_fake', type: 'message', role: 'assistant', model: 'fake', content: [{ type: 'text', text }], stop_reason: null } });
  },
  result(text) {
    send({ type: 'result', subtype: 'success', is_error: false, result: text, session_id: 'fake', num_turns: 1,
      duration_ms: 1, duration_api_ms: 1, total_cost_usd: 0, usage: { input_tokens: 1, output_tokens: 1 }, permission_denials: [] });
  },
  note(name, value) {
    if (env.FAKE_CLI_NOTES) fs.appendFileSync(env.FAKE_CLI_NOTES, name + ' ' + JSON.stringify(value ?? null) + '\n');
  },
  waitForFile(path) {
    return new Promise((resolve) => {
      const check = () => (fs.existsSync(path) ? resolve() : setTimeout(check, 5));
      check();
    });
  },
};
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  cli.note('received', message.type === 'control_request' ? 'control_request:' + message.request.subtype : message.type);
  if (message.type === 'control_response') {
    const resolve = waiting.get(message.response.request_id);
    waiting.delete(message.response.request_id);
    if (resolve) resolve(message.response);
    return;
  }
  if (message.type === 'control_request' && message.request.subtype === 'initialize') {
    if (cli.onInit) return cli.onInit(message);
    send({ type: 'control_response', response: { subtype: 'success', request_id: message.request_id,
      response: { claude_code_version: '0.0.0-fake', pid: process.pid, ...cli.initAnswer } } });
    return;
  }
  if (message.type === 'user' && cli.onUser) cli.onUser(message);
}).on('close', () => cli.onEnd());
`;

/** A fake CLI on disk and what it leaves behind. */
export interface FakeCli {
  /** The executable, for `pathToClaudeCodeExecutable`. */
  path: string;
  /** Variables the fake CLI reads (pid and notes files); merge them into `options.env`. */
  env: Record<string, string>;
  /** A directory for marker files the test and the fake CLI share. */
  dir: string;
  /** The fake CLI's pid, once it has started. */
  pid(): number | undefined;
  /** The `cli.note()` lines so far, plus one `received <type>` line per message it read. */
  notes(): string[];
}

/** Write a fake CLI with the prelude and `body` (CommonJS, run by `#!/usr/bin/env node`). */
export function fakeCli(body: string): FakeCli {
  const dir = tempDir('hexagent-fake-cli-');
  const path = join(dir, 'claude');
  writeFileSync(path, `#!/usr/bin/env node\n${PRELUDE}\n${body}\n`);
  chmodSync(path, 0o755);
  const pidFile = join(dir, 'pid');
  const notesFile = join(dir, 'notes');
  return {
    path,
    dir,
    env: { FAKE_CLI_PID_FILE: pidFile, FAKE_CLI_NOTES: notesFile },
    pid: () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : undefined),
    notes: () => (existsSync(notesFile) ? readFileSync(notesFile, 'utf8').split('\n').filter(Boolean) : []),
  };
}

/** True while a process with this pid exists. */
export function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Drain an async iterable; the error that ended it, if any, is returned rather than thrown. */
export async function drain(
  iterable: AsyncIterable<SDKAnyMessage>,
): Promise<{ messages: SDKAnyMessage[]; error: unknown }> {
  const messages: SDKAnyMessage[] = [];
  try {
    for await (const message of iterable) messages.push(message);
  } catch (error) {
    return { messages, error };
  }
  return { messages, error: undefined };
}

/** A promise that rejects after `ms`, to bound a wait that must not hang. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: still pending after ${ms} ms (a hang)`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
