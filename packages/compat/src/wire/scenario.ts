import type * as Hexagent from '@hexagent/sdk';
import type { ModelScript, ScriptedModelServer } from '@hexagent/testing';
import type { z as zod } from 'zod';

/**
 * What a scenario uses of an SDK: the official module and `@hexagent/sdk` both have it (the
 * official module is taken at this type: hexagent's is the drop-in for it).
 */
export type SdkApi = Pick<
  typeof Hexagent,
  'query' | 'tool' | 'createSdkMcpServer' | 'startup' | 'prewarm' | 'InMemorySessionStore'
>;

/** Which SDK a recording comes from. */
export type SdkName = 'official' | 'hexagent';

/** An SDK to record: its name, its version, its module. */
export interface SdkUnderTest {
  name: SdkName;
  version: string;
  api: SdkApi;
}

/** What a scenario runs with. */
export interface ScenarioContext {
  sdk: SdkApi;
  /** The app's zod (the same for both SDKs, so a tool's schema is the same input). */
  z: typeof zod;
  /** Options every query of the scenario starts from: the CLI, its env and cwd, the recording spawner. */
  options: Hexagent.Options;
  server: ScriptedModelServer;
  /** Notes what the app saw (a message's kind, how the iteration ended); compared like the wire. */
  saw(event: string): void;
  /** The run's signals, shared with its script (a model that waits for what the app saw). */
  signals: RunSignals;
}

/** One scenario of the wire comparison, run the same way against each SDK. */
export interface Scenario {
  /** Kebab-case; the recording's file name. */
  name: string;
  /** What it exercises, one line. */
  description: string;
  /**
   * What the scripted model answers; made per run from the run's {@link RunSignals} when an answer
   * must wait for something the app saw (each run has its own: the two SDKs run a scenario side by side).
   */
  script: ModelScript | { withSignals(signals: RunSignals): ModelScript };
  run(context: ScenarioContext): Promise<void>;
}

/**
 * Named one-shot signals between a scenario's run and its script: the run fires one when the app
 * saw something (the first `result`), the script awaits it before answering.
 */
export class RunSignals {
  private readonly fired = new Map<string, () => void>();
  private readonly waits = new Map<string, Promise<void>>();

  /** Fires `name` (again is a no-op). */
  fire(name: string): void {
    this.wait(name);
    this.fired.get(name)?.();
  }

  /** Resolves once `name` has fired. */
  wait(name: string): Promise<void> {
    let waiting = this.waits.get(name);
    if (waiting === undefined) {
      waiting = new Promise<void>((resolve) => this.fired.set(name, resolve));
      this.waits.set(name, waiting);
    }
    return waiting;
  }
}

/**
 * Reads a query to its end and notes each message's kind and how the iteration ended (an error is
 * noted, not thrown: what the app sees is part of the comparison).
 */
export async function drain(context: ScenarioContext, messages: AsyncIterable<Hexagent.SDKMessage>): Promise<void> {
  try {
    for await (const message of messages) context.saw(kindOf(message));
    context.saw('ended');
  } catch (error) {
    context.saw(`threw ${error instanceof Error ? error.name : typeof error}`);
  }
}

/** `type`, or `type:subtype` where there is a subtype. */
export function kindOf(message: unknown): string {
  const record = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
  const type = typeof record['type'] === 'string' ? record['type'] : '?';
  return typeof record['subtype'] === 'string' ? `${type}:${record['subtype']}` : type;
}

/** A user message for streaming input. */
export function userMessage(text: string): Hexagent.SDKUserMessage {
  return { type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' };
}
