import type { InboundMessage, Options } from '@hexagent/core';
import { FakeCliTransport } from '@hexagent/testing';
import { createContainer, type DependencyContainer } from '../../src/container.js';
import type { ProcessTreeMemory } from '../../src/pool/process-tree-memory.js';
import { TRANSPORT_FACTORY } from '../../src/tokens.js';

const SESSION = 'sess-pool';
/** Above any kernel's pid_max (2^22): a fake pid can never name a real process. */
const FAKE_PID_BASE = 90_000_000;

/** A fake CLI with a pid, as the CLI transport has one. */
export class PidFakeCli extends FakeCliTransport {
  constructor(
    readonly pid: number,
    readonly queryOptions: Options,
  ) {
    super({ autoInitialize: true, onEndInput: (cli) => cli.finish() });
  }

  /** Answer the prompt: one assistant message and the result (the SDK then ends its input and the CLI exits). */
  answer(text = 'done'): void {
    this.emit({
      type: 'assistant',
      session_id: SESSION,
      parent_tool_use_id: null,
      message: {
        id: 'm',
        type: 'message',
        role: 'assistant',
        model: 'm',
        content: [{ type: 'text', text }],
        stop_reason: null,
      },
    } as unknown as InboundMessage);
    this.emit({
      type: 'result',
      subtype: 'success',
      session_id: SESSION,
      result: text,
      is_error: false,
      num_turns: 1,
      duration_ms: 1,
      duration_api_ms: 1,
      total_cost_usd: 0,
      usage: {},
      modelUsage: {},
      permission_denials: [],
      uuid: '00000000-0000-4000-8000-000000000000',
    } as unknown as InboundMessage);
  }
}

/** A container whose transports are {@link PidFakeCli}s, with the bookkeeping the tests assert on. */
export function fakeCliContainer(): {
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
  const container = createContainer();
  container.register(TRANSPORT_FACTORY, {
    useValue: (options: Options) => {
      const cli = new PidFakeCli(FAKE_PID_BASE + clis.length, options);
      clis.push(cli);
      const start = cli.start.bind(cli);
      cli.start = async () => {
        await start();
        peak = Math.max(peak, live().length);
      };
      return cli;
    },
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
