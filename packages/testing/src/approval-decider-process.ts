import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ApprovalDecisionError, type ApprovalLedger } from '@hexagent/core';

/** One decision a decider process is told to take, at a wall-clock instant. */
export interface DeciderCommand {
  /** The approval's id. */
  id: string;
  /** Approve or deny. */
  kind: 'approve' | 'deny';
  /** Who decides. */
  by: string;
  /** `Date.now()` at which to decide, so that two processes decide at the same instant. */
  at: number;
}

/** What a decider process answers: `ok`, the refusal's reason, or `error: <message>`. */
export type DeciderAnswer = 'ok' | ApprovalDecisionError['reason'] | `error: ${string}`;

/**
 * The child's side of a decider process, for an approval store's conformance run: prints `ready`,
 * then for each JSON {@link DeciderCommand} line on `input` waits until its `at`, decides through
 * `ledger`, and prints `{ "id", "answer" }`. Resolves when `input` ends.
 *
 * @example
 * ```js
 * // fixtures/decider-process.mjs
 * const store = new PostgresApprovalStore({ connectionString: process.argv[2] });
 * await serveApprovalDecisions(new ApprovalLedger({ store }));
 * await store.close();
 * ```
 */
export async function serveApprovalDecisions(
  ledger: ApprovalLedger,
  streams: { input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream } = {},
): Promise<void> {
  const input = streams.input ?? process.stdin;
  const output = streams.output ?? process.stdout;
  await ledger.store.now();
  output.write('ready\n');
  const pending: Array<Promise<void>> = [];
  for await (const line of createInterface({ input })) {
    if (line.trim() === '') continue;
    const command = JSON.parse(line) as DeciderCommand;
    pending.push(
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, command.at - Date.now())));
        let answer: DeciderAnswer = 'ok';
        try {
          if (command.kind === 'approve') await ledger.approve(command.id, { by: command.by });
          else await ledger.deny(command.id, { by: command.by, reason: `denied by ${command.by}` });
        } catch (error) {
          answer = ApprovalDecisionError.isInstance(error) ? error.reason : `error: ${String(error)}`;
        }
        output.write(`${JSON.stringify({ id: command.id, answer })}\n`);
      })(),
    );
  }
  await Promise.all(pending);
}

/** A running decider process, the parent's side. */
export interface ApprovalDecider {
  /** Sends one command and resolves with the process's answer to it. */
  decide(command: DeciderCommand): Promise<DeciderAnswer>;
  /** Ends its input and waits for it to exit (killing it after 10 s). */
  stop(): Promise<void>;
}

/**
 * Starts a decider process (`command[0]` with the rest as arguments; a script that calls
 * {@link serveApprovalDecisions}) and resolves once it printed `ready`.
 */
export async function startApprovalDecider(command: readonly string[]): Promise<ApprovalDecider> {
  const [file, ...args] = command;
  if (file === undefined) throw new TypeError('startApprovalDecider needs a command');
  const child: ChildProcess = spawn(file, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waiting = new Map<string, (answer: DeciderAnswer) => void>();
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the decider process exited (${code}) before it was ready`));
    child.once('exit', onExit);
    lines.once('line', () => {
      child.off('exit', onExit);
      resolve();
    });
  });
  lines.on('line', (line) => {
    const { id, answer } = JSON.parse(line) as { id: string; answer: DeciderAnswer };
    waiting.get(id)?.(answer);
    waiting.delete(id);
  });
  return {
    decide(decision) {
      const answered = new Promise<DeciderAnswer>((resolve) => waiting.set(decision.id, resolve));
      child.stdin?.write(`${JSON.stringify(decision)}\n`);
      return answered;
    },
    async stop() {
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
