import type { InboundMessage, OutboundMessage, TransportLaunch } from '@hexagent/core';
import { createContainer, type DependencyContainer, type SDKMessage } from '@hexagent/sdk';
import { assistantMessage, FakeCliTransport, fakeCliWiring, resultMessage, systemInitMessage } from '@hexagent/testing';
import type { ProcessTreeMemory } from '../src/process-tree-memory.js';

/** A user message's content as text: a string, or its text blocks joined (how a string prompt is written). */
export function textOf(content: unknown): string {
  if (!Array.isArray(content)) return String(content);
  return content.map((block) => (block as { text?: unknown }).text ?? '').join('');
}

const SESSION = 'sess-pool';
/** Above any kernel's pid_max (2^22): a fake pid can never name a real process. */
const FAKE_PID_BASE = 90_000_000;

/**
 * How the fake answers `/clear`: `reset` as Claude Code 2.1.329 does (see {@link PidFakeCli}),
 * `silent` not at all, `no-reset` with a bare result under the same session id, `exit` by exiting,
 * `held` as `reset` once the test calls `releaseClear()`.
 */
export type ClearBehaviour = 'reset' | 'silent' | 'no-reset' | 'exit' | 'held';

const ok = () => ({});

/**
 * A fake CLI with a pid, as the CLI transport has one. It answers the user message `/clear` as the
 * real CLI 2.1.329 does (shapes taken from a run): `conversation_reset` (under the old session id),
 * `system/background_tasks_changed` listing {@link backgroundTasks}, a `system/init` under a new
 * session id, and a `result` (`success`, `result: ''`, `local_command: 'clear'`), one tick later.
 */
/** The value of `--name=value` in the launch's argv, `true` for `--name` alone, `undefined` without it. */
export function launchFlag(launch: TransportLaunch, name: string): string | true | undefined {
  for (const arg of launch.args) {
    if (arg === `--${name}`) return true;
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

/** The values of the flags `names` in `cli`'s launch (see {@link launchFlag}). */
export function flagsOf(cli: PidFakeCli | undefined, ...names: string[]): Array<string | true | undefined> {
  return names.map((name) => (cli === undefined ? undefined : launchFlag(cli.launch, name)));
}

export class PidFakeCli extends FakeCliTransport {
  /** The session id of the conversation; `/clear` moves it on. */
  sessionId = SESSION;
  /** What `/clear` does; see {@link ClearBehaviour}. */
  clear: ClearBehaviour = 'reset';
  /** The background tasks `/clear` reports as still running. */
  backgroundTasks: Array<{ task_id: string; task_type: string; description: string }> = [];
  /** Answer every prompt with a whole {@link turn} (`answer: <prompt>`), one tick later. */
  answerPrompts = false;
  /** The permission mode its `system/init` reports (a CLI whose mode changed under it). */
  permissionMode: string;
  private resets = 0;
  private clearHeld = false;

  constructor(
    readonly pid: number,
    readonly launch: TransportLaunch,
  ) {
    super({
      autoInitialize: true,
      onEndInput: (cli) => cli.finish(),
      onSend: (message, cli) => (cli as PidFakeCli).heard(message),
      autoRespond: {
        ...Object.fromEntries(
          ['set_model', 'set_permission_mode', 'interrupt', 'mcp_status', 'apply_flag_settings'].map((s) => [s, ok]),
        ),
        // A prewarm spare's claim, accepted as the CLI does: the session runs in the claim's cwd.
        claim_session: (request) => ({
          status: 'ok',
          cwd: request.cwd,
          session_id: SESSION,
          parked_ms: 1,
          sdk_mcp_settled: true,
        }),
      },
    });
    this.permissionMode = (launchFlag(launch, 'permission-mode') as string | undefined) ?? 'default';
  }

  /** User messages sent to it, as their text. */
  get prompts(): string[] {
    return this.sent
      .filter((m) => m.type === 'user')
      .map((m) => textOf((m as { message?: { content?: unknown } }).message?.content));
  }

  /** Its `system/init`, as the CLI writes at the start of each turn. */
  init(): void {
    this.emit(
      systemInitMessage({
        session_id: this.sessionId,
        cwd: this.launch.cwd ?? process.cwd(),
        model: launchFlag(this.launch, 'model') ?? 'claude-opus-5-5',
        permissionMode: this.permissionMode,
        slash_commands: ['clear'],
        apiKeySource: 'ANTHROPIC_API_KEY',
        claude_code_version: '2.1.329',
        uuid: '00000000-0000-4000-8000-000000000001',
      }),
    );
  }

  /** A whole turn as the real CLI writes it: `system/init`, then {@link answer}. */
  turn(text = 'done'): void {
    this.init();
    this.answer(text);
  }

  /** Answer the prompt: one assistant message and the result (the SDK then ends its input and the CLI exits). */
  answer(text = 'done'): void {
    this.emit(assistantMessage(text, { session_id: this.sessionId }));
    this.emit(
      resultMessage({
        session_id: this.sessionId,
        result: text,
        usage: {},
        modelUsage: {},
        uuid: '00000000-0000-4000-8000-000000000000',
      }),
    );
  }

  private heard(message: OutboundMessage): void {
    const content = textOf((message as { message?: { content?: unknown } }).message?.content);
    if (message.type !== 'user') return;
    if (content !== '/clear') {
      if (this.answerPrompts)
        setImmediate(() => !this.state.closed && !this.state.exited && this.turn(`answer: ${content}`));
      return;
    }
    if (this.clear === 'silent') return;
    if (this.clear === 'held') {
      this.clearHeld = true;
      return;
    }
    setImmediate(() => {
      if (this.state.closed || this.state.exited) return;
      if (this.clear === 'exit') this.finish();
      else if (this.clear === 'no-reset') this.emit(clearResult(this.sessionId));
      else this.reset();
    });
  }

  /** A `/clear` held (`clear: 'held'`) resets now; later ones reset at once. */
  releaseClear(): void {
    this.clear = 'reset';
    if (!this.clearHeld) return;
    this.clearHeld = false;
    this.reset();
  }

  private reset(): void {
    const old = this.sessionId;
    this.resets += 1;
    this.sessionId = `${SESSION}-${this.resets + 1}`;
    const uuid = `00000000-0000-4000-8000-${String(this.resets).padStart(12, '0')}`;
    this.emit({
      type: 'conversation_reset',
      new_conversation_id: uuid,
      uuid,
      trigger: 'clear',
      user_message_uuid: uuid,
      timestamp: new Date().toISOString(),
      session_id: old,
    } as unknown as InboundMessage);
    this.emit({
      type: 'system',
      subtype: 'background_tasks_changed',
      tasks: this.backgroundTasks,
      uuid,
      session_id: old,
    } as unknown as InboundMessage);
    this.init();
    this.emit(clearResult(this.sessionId));
  }
}

/** The `result` of a `/clear` turn as the real CLI writes it: no model call, an empty result. */
function clearResult(sessionId: string): InboundMessage {
  return resultMessage({
    result: '',
    local_command: 'clear',
    session_id: sessionId,
    duration_ms: 51,
    duration_api_ms: 0,
    num_turns: 0,
    stop_reason: null,
    usage: {},
    modelUsage: {},
    uuid: '00000000-0000-4000-8000-0000000000ff',
  });
}

/**
 * A container whose transports are {@link PidFakeCli}s, with the bookkeeping the tests assert on;
 * `setup` runs on each CLI as it is made.
 */
export function fakeCliContainer(setup?: (cli: PidFakeCli) => void): {
  container: DependencyContainer;
  clis: PidFakeCli[];
  /** CLIs started and not closed. */
  live(): PidFakeCli[];
  /** The most CLIs live at once. */
  peak(): number;
  /** Resolves once `count` CLIs were created. */
  created(count: number): Promise<void>;
} {
  const clis: PidFakeCli[] = [];
  let peak = 0;
  const live = () => clis.filter((cli) => cli.state.started && !cli.state.closed);
  const container = fakeCliWiring(createContainer).containerWith((launch) => {
    const cli = new PidFakeCli(FAKE_PID_BASE + clis.length, launch);
    setup?.(cli);
    clis.push(cli);
    const start = cli.start.bind(cli);
    cli.start = async () => {
      await start();
      peak = Math.max(peak, live().length);
    };
    return cli;
  });
  const created = async (count: number) => {
    for (let i = 0; i < 200 && clis.length < count; i++) await new Promise((r) => setTimeout(r, 5));
    if (clis.length < count) throw new Error(`only ${clis.length} of ${count} CLIs were created`);
  };
  return { container, clis, live, peak: () => peak, created };
}

/** A measure function reporting `rss(pid)` MB for every pid asked. */
export function fakeMeasure(rss: (pid: number) => number = () => 100) {
  return async (pids: readonly number[]) =>
    new Map<number, ProcessTreeMemory>(pids.map((pid) => [pid, { pid, rssMb: rss(pid), pids: [pid] }]));
}

/** Let pending promise callbacks run. */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
}

/** Reads `q` to its end while answering every live fake CLI that was sent a user message. */
export async function answerAll(
  fakes: ReturnType<typeof fakeCliContainer>,
  q: AsyncIterable<SDKMessage>,
): Promise<SDKMessage[]> {
  const run = (async () => {
    const out: SDKMessage[] = [];
    for await (const m of q) out.push(m);
    return out;
  })();
  for (let i = 0; i < 20; i++) {
    await settle();
    for (const cli of fakes.live()) if (cli.sent.some((m) => m.type === 'user')) cli.answer();
  }
  return run;
}
