import { resolve } from 'node:path';
import {
  type ClaimInfo,
  type ClaimOptions,
  hookSettingKeys,
  InvalidOptionError,
  planClaim,
  runClaim,
  type SDKUserMessage,
  type SDKUserMessageInput,
  type Session,
  SpareClaimError,
} from '@hexagent/core';
import { asyncDispose } from '../async-dispose.js';
import { QueryImpl } from '../query-impl.js';
import type { Query } from '../types/query.js';
import type { SpareProcess } from '../types/warm.js';
import { forget } from './release-when-collected.js';

/** What a spare owns besides its session: the parking folder, and the names of its in-process servers. */
export interface SpareParts {
  session: Session;
  sdkMcpServerNames: readonly string[];
  /** Removes the parking folder (a no-op when the host gave `options.cwd`). */
  removeParking(): Promise<void>;
}

/**
 * The `SpareProcess` over one started `Session` whose CLI waits for `claim_session` (`--await-claim`):
 * a plain object whose members (`claimed`, `exited`, `claim`, `close`, `Symbol.asyncDispose`) are its
 * own enumerable properties, as the official `prewarm()` returns it. Register it, not anything
 * inside, with `releaseWhenCollected`: it is what the caller holds.
 */
export function spareProcess(parts: SpareParts): SpareProcess {
  const lifecycle = new SpareLifecycle(parts, () => forget(spare));
  const spare: SpareProcess = {
    claimed: lifecycle.claimed,
    exited: lifecycle.exited,
    claim(params: { prompt: string | AsyncIterable<SDKUserMessage | SDKUserMessageInput>; options: ClaimOptions }) {
      return lifecycle.claim(params);
    },
    close(): void {
      lifecycle.close();
    },
    [asyncDispose](): Promise<void> {
      return lifecycle.dispose();
    },
  };
  return spare;
}

/** What a spare does, behind the plain object {@link spareProcess} hands out. */
class SpareLifecycle {
  readonly claimed: Promise<ClaimInfo>;
  readonly exited: Promise<void>;
  private readonly session: Session;
  private readonly parts: SpareParts;
  private state: 'parked' | 'claimed' | 'closed' | 'exited' = 'parked';
  private settleClaimed!: { resolve(info: ClaimInfo): void; reject(error: unknown): void };
  private query: QueryImpl | undefined;

  private readonly forget: () => void;

  /** @param forgetHandle takes the caller's handle out of the collection registry (it was closed or handed on). */
  constructor(parts: SpareParts, forgetHandle: () => void) {
    this.parts = parts;
    this.forget = forgetHandle;
    this.session = parts.session;
    this.claimed = new Promise<ClaimInfo>((resolve, reject) => {
      this.settleClaimed = { resolve, reject };
    });
    this.claimed.catch(() => {});
    // The session ends when the CLI exits (or is closed); close() then waits for the process.
    const ended = new Promise<void>((resolve) => {
      if (parts.session.signal.aborted) resolve();
      else parts.session.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    this.exited = ended.then(() => parts.session.close().catch(() => {}));
    void this.exited.then(() => {
      if (this.state === 'parked') {
        this.state = 'exited';
        this.settleClaimed.reject(
          new SpareClaimError({ reason: 'spare_exited', message: 'the spare process exited before it was claimed' }),
        );
      }
      this.forget();
      return parts.removeParking();
    });
  }

  claim(params: {
    prompt: string | AsyncIterable<SDKUserMessage | SDKUserMessageInput>;
    options: ClaimOptions;
  }): Query {
    if (this.state === 'claimed') throw new Error('SpareProcess.claim() can only be called once');
    if (this.state !== 'parked') {
      throw new Error('SpareProcess.claim(): the spare was closed or has exited; start the session with query()');
    }
    const hookKeys = hookSettingKeys(params.options.settings);
    if (hookKeys.length > 0) {
      throw new InvalidOptionError({
        option: 'settings',
        message: `hook settings (${hookKeys.join(', ')}) cannot be applied at claim; pass them to prewarm() in Options.settings, where they are in force before any hook, as on a cold start. Nothing was sent: this spare can still be claimed without them.`,
      });
    }
    this.state = 'claimed';
    this.forget();
    const plan = planClaim({ ...params.options, cwd: claimCwd(params.options.cwd) }, this.parts.sdkMcpServerNames);
    const run = runClaim(this.session, plan);
    run.claimed.then(
      (info) => this.settleClaimed.resolve(info),
      (error: unknown) => this.settleClaimed.reject(error),
    );
    // The spare's own folder is not the session's: it goes once the claim is answered.
    void run.claimed.catch(() => {}).finally(() => this.parts.removeParking());
    this.query = new QueryImpl(this.session, params.prompt, {
      promptMay: run.promptMay,
      initialization: run.initialization,
    });
    return this.query;
  }

  close(): void {
    if (this.state === 'closed' || this.state === 'exited') return;
    const wasParked = this.state === 'parked';
    this.state = 'closed';
    this.forget();
    void this.session.close();
    if (wasParked) {
      this.settleClaimed.reject(
        new SpareClaimError({ reason: 'spare_closed', message: 'the spare was closed before it was claimed' }),
      );
    }
  }

  /** `close()`, then wait for the process to exit and the parking folder to go, so nothing is left after `await using`. */
  async dispose(): Promise<void> {
    this.close();
    await this.exited;
    await this.parts.removeParking();
  }
}

/** A relative `cwd` resolves against this process, as for `query()`; `~` and `~/…` are Claude Code's to expand. */
function claimCwd(cwd: string): string {
  if (typeof cwd !== 'string' || cwd.trim() === '' || cwd === '~' || cwd.startsWith('~/')) return cwd;
  return resolve(cwd);
}
