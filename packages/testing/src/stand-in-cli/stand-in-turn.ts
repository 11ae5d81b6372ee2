import type { StandInStep } from './stand-in-scenario.js';

/**
 * The steps of a realistic turn around `work`: `session_state_changed` running, `system`/`init` (on
 * the first turn), the MCP handshake with in-process servers named without a manifest (once), the
 * work, a closing `assistant` message and a `result` (both `done`), `session_state_changed` idle.
 * A scenario without `onUser` runs `standInTurn(...scenario.work)`.
 *
 * @example
 * ```ts
 * const scenario: StandInScenario = { onUser: [...standInTurn({ stream: { count: 1000 } }), { exit: 0 }] };
 * ```
 */
export function standInTurn(...work: StandInStep[]): StandInStep[] {
  return [
    { sessionState: 'running' },
    { systemInit: 'first-turn' },
    { mcpHandshake: true },
    ...work,
    { assistant: 'done' },
    { result: 'done' },
    { sessionState: 'idle' },
  ];
}
