import { describe, expect, it } from 'vitest';
import {
  type CliTransportEvent,
  type CliTransportState,
  CliTransportStateMachine,
  TRANSITIONS,
} from './cli-transport-state.js';

const STATES: CliTransportState[] = ['idle', 'starting', 'open', 'exiting', 'closing', 'failed', 'closed'];
const EVENTS: CliTransportEvent[] = [
  'start',
  'spawned',
  'spawnFailed',
  'close',
  'fault',
  'exited',
  'drained',
  'stopped',
];

/** A machine driven into `state` along a real path. */
function machineIn(state: CliTransportState): CliTransportStateMachine {
  const paths: Record<CliTransportState, CliTransportEvent[]> = {
    idle: [],
    starting: ['start'],
    open: ['start', 'spawned'],
    exiting: ['start', 'spawned', 'exited'],
    closing: ['start', 'spawned', 'close'],
    failed: ['start', 'spawned', 'fault'],
    closed: ['close'],
  };
  const machine = new CliTransportStateMachine();
  for (const event of paths[state]) expect(machine.apply(event)).toBe(true);
  expect(machine.state).toBe(state);
  return machine;
}

describe('CliTransportStateMachine', () => {
  it('starts idle', () => {
    expect(new CliTransportStateMachine().state).toBe('idle');
  });

  it('lists exactly these transitions', () => {
    const listed = STATES.flatMap((state) =>
      EVENTS.filter((event) => TRANSITIONS[state][event] !== undefined).map(
        (event) => `${state} --${event}--> ${TRANSITIONS[state][event]}`,
      ),
    );
    expect(listed).toEqual([
      'idle --start--> starting',
      'idle --close--> closed',
      'starting --spawned--> open',
      'starting --spawnFailed--> closed',
      'starting --close--> closing',
      'starting --fault--> failed',
      'open --close--> closing',
      'open --fault--> failed',
      'open --exited--> exiting',
      'exiting --close--> closing',
      'exiting --fault--> failed',
      'exiting --drained--> closed',
      'closing --spawnFailed--> closed',
      'closing --fault--> failed',
      'closing --stopped--> closed',
      'failed --spawnFailed--> closed',
      'failed --stopped--> closed',
    ]);
  });

  it.each(STATES)('from %s: a listed event moves to its target, any other leaves the state alone', (state) => {
    for (const event of EVENTS) {
      const machine = machineIn(state);
      const target = TRANSITIONS[state][event];
      expect({ event, changed: machine.apply(event) }).toEqual({ event, changed: target !== undefined });
      expect({ event, state: machine.state }).toEqual({ event, state: target ?? state });
    }
  });

  it('closed is final', () => {
    const machine = machineIn('closed');
    for (const event of EVENTS) expect(machine.apply(event)).toBe(false);
    expect(machine.state).toBe('closed');
  });

  it('every state can reach closed', () => {
    for (const state of STATES) {
      const seen = new Set<CliTransportState>([state]);
      const queue = [state];
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        for (const target of Object.values(TRANSITIONS[next])) {
          if (!seen.has(target)) {
            seen.add(target);
            queue.push(target);
          }
        }
      }
      expect({ state, reachesClosed: seen.has('closed') }).toEqual({ state, reachesClosed: true });
    }
  });

  it('isStopping only while closing or failed', () => {
    expect(STATES.filter((state) => machineIn(state).isStopping)).toEqual(['closing', 'failed']);
  });
});
