import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

type Json = Record<string, unknown>;

/** A stand-in CLI process spoken to over its pipes, as an SDK would. */
export interface StandInPeer {
  child: ChildProcessWithoutNullStreams;
  /** Every line it wrote so far, parsed (or `{ raw: line }` when not JSON). */
  lines: Json[];
  /** Resolves with the first line (from the start) that matches, or rejects after `timeoutMs`. */
  next(match: (line: Json) => boolean, timeoutMs?: number): Promise<Json>;
  send(message: unknown): void;
  /** Ends its input. */
  end(): void;
  /** Its exit. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stdout and stderr, as text. */
  stdout(): string;
  stderr(): string;
}

/** Spawns `command` (the installed stand-in, or node with the script) and reads its output as lines. */
export function startPeer(command: string, args: string[] = [], env: NodeJS.ProcessEnv = process.env): StandInPeer {
  const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: Json[] = [];
  let stdout = '';
  let stderr = '';
  let rest = '';
  const waiters = new Set<() => void>();
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdin.on('error', () => {});
  child.stdout.on('data', (chunk: string) => {
    stdout += chunk;
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      if (line.trim() === '') continue;
      try {
        lines.push(JSON.parse(line) as Json);
      } catch {
        lines.push({ raw: line });
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      for (const wake of waiters) wake();
      resolve({ code, signal });
    }),
  );
  return {
    child,
    lines,
    next(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const found = lines.find(match);
          if (found === undefined) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching line within ${timeoutMs} ms; got ${JSON.stringify(lines).slice(0, 500)}`));
        }, timeoutMs);
        const cleanup = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    end: () => child.stdin.end(),
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
  };
}

/** An `initialize` request. */
export const initialize = (extra: Json = {}): Json => ({
  type: 'control_request',
  request_id: 'req_init',
  request: { subtype: 'initialize', ...extra },
});

/** A user message. */
export const user = (text = 'hi'): Json => ({
  type: 'user',
  session_id: '',
  message: { role: 'user', content: text },
  parent_tool_use_id: null,
});

/** A matcher for lines of this type (and subtype). */
export const ofType =
  (type: string, subtype?: string) =>
  (line: Json): boolean =>
    line.type === type && (subtype === undefined || line.subtype === subtype);
