/**
 * `pnpm --filter @hexagent/bench bench:session-store`: the cost of `sessionStore` on the message
 * path. One Session over an in-memory transport that answers each user turn with a burst of
 * assistant messages, one `transcript_mirror` frame after each (as the CLI writes them with
 * `--session-mirror`), then a `result`; the same inbound traffic without a store (the frames are
 * dropped), with a store whose `append` does nothing (hexagent's own cost: parsing, mapping,
 * batching, the hold of each `result`) and with an `InMemorySessionStore` (which also deep-copies
 * every entry and folds the summary, in the same thread). Runs alternate, the medians of the rounds
 * are compared, and the ratios to the run without a store are printed.
 *
 * Options: `--rounds=<n>` (default 9), `--turns=<n>` (default 100), `--per-turn=<n>` (default 100).
 */
import { performance } from 'node:perf_hooks';
import {
  type InboundMessage,
  InMemorySessionStore,
  type OutboundMessage,
  Session,
  type Transport,
  type TransportSink,
} from '@hexagent/core';
import { median } from './stats.js';

const arg = (name: string, fallback: number): number => {
  const hit = process.argv.find((value) => value.startsWith(`--${name}=`));
  return hit === undefined ? fallback : Number(hit.slice(name.length + 3));
};
const ROUNDS = arg('rounds', 9);
const TURNS = arg('turns', 100);
const PER_TURN = arg('per-turn', 100);
const PROJECTS = '/bench/config/projects';
const FILE = `${PROJECTS}/-bench/00000000-0000-4000-8000-000000000000.jsonl`;

/** Plays the CLI: answers initialize, and each user message with one turn of messages. */
class BurstTransport implements Transport {
  readonly specificationVersion = 'v1' as const;
  isOpen = false;
  private sink: TransportSink | undefined;
  private turn = 0;

  async start(): Promise<void> {
    this.isOpen = true;
  }
  subscribe(sink: TransportSink): void {
    this.sink = sink;
  }
  messages(): AsyncIterable<InboundMessage> {
    throw new Error('BurstTransport is read through subscribe');
  }
  async send(message: OutboundMessage): Promise<void> {
    const sink = this.sink;
    if (sink === undefined) return;
    if (message.type === 'control_request') {
      const requestId = (message as unknown as { request_id: string }).request_id;
      queueMicrotask(() =>
        sink.message({
          type: 'control_response',
          response: { subtype: 'success', request_id: requestId, response: {} },
        }),
      );
    } else if (message.type === 'user') {
      const turn = this.turn++;
      setImmediate(() => this.burst(sink, turn));
    }
  }
  endInput(): void {
    setImmediate(() => this.sink?.end());
  }
  async close(): Promise<void> {
    this.isOpen = false;
  }

  private burst(sink: TransportSink, turn: number): void {
    for (let index = 0; index < PER_TURN; index++) {
      const uuid = `${turn}-${index}`;
      sink.message({
        type: 'assistant',
        message: { role: 'assistant', content: [{ type: 'text', text: `message ${uuid}` }] },
        parent_tool_use_id: null,
        session_id: 's',
        uuid,
      });
      sink.message({
        type: 'transcript_mirror',
        filePath: FILE,
        entries: [{ type: 'assistant', uuid, message: { role: 'assistant', content: [{ type: 'text', text: 'x' }] } }],
      });
    }
    sink.message({ type: 'result', subtype: 'success', is_error: false, result: 'ok', session_id: 's', num_turns: 1 });
  }
}

async function* prompts(): AsyncGenerator<string> {
  for (let turn = 0; turn < TURNS; turn++) yield `turn ${turn}`;
}

type Mode = 'none' | 'noop' | 'memory';
const noopStore = { append: async () => {}, load: async () => null };

async function run(mode: Mode): Promise<number> {
  const session = new Session({
    transport: new BurstTransport(),
    options: mode === 'none' ? {} : { sessionStore: mode === 'noop' ? noopStore : new InMemorySessionStore() },
    mirrorProjectsDir: () => PROJECTS,
  });
  const started = performance.now();
  void session.streamInput(prompts());
  let count = 0;
  for await (const _ of session.messages()) count++;
  const elapsed = performance.now() - started;
  if (count < TURNS * (PER_TURN + 1)) throw new Error(`only ${count} messages`);
  return elapsed;
}

const MODES: readonly Mode[] = ['none', 'noop', 'memory'];
const times: Record<Mode, number[]> = { none: [], noop: [], memory: [] };
for (const mode of MODES) await run(mode);
for (let round = 0; round < ROUNDS; round++) for (const mode of MODES) times[mode].push(await run(mode));
const messages = TURNS * (PER_TURN + 1);
const rate = (ms: number) => Math.round((messages / ms) * 1000).toLocaleString('en-US');
const spread = (values: number[]) => `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)} ms`;
const base = median(times.none);
const label: Record<Mode, string> = {
  none: 'no sessionStore',
  noop: 'store with a no-op append',
  memory: 'InMemorySessionStore',
};
const rows = MODES.map((mode) => {
  const value = median(times[mode]);
  return `| ${label[mode]} | ${value.toFixed(1)} ms | ${spread(times[mode])} | ${rate(value)} | ${(value / base).toFixed(2)}x |`;
});
process.stdout.write(
  [
    `| run (${TURNS} turns x ${PER_TURN} messages + as many mirror frames, ${ROUNDS} rounds) | median | range | messages/s | vs none |`,
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
