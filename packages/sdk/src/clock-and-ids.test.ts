import { ControlTimeoutError, ManualClock } from '@hexagent/core';
import { FakeCliTransport, fakeCliWiring } from '@hexagent/testing';
import { describe, expect, it } from 'vitest';
import { createContainer } from './container.js';
import { CLOCK, ID_SOURCE } from './index.js';
import { query } from './query.js';

describe('the CLOCK and ID_SOURCE registrations', () => {
  it("are the session's clock and id source: request ids from the id source, timeouts on the clock", async () => {
    const clock = new ManualClock();
    const fake = new FakeCliTransport();
    const wiring = fakeCliWiring(createContainer);
    const container = wiring.containerWith(fake);
    container.register(CLOCK, { useValue: clock });
    container.register(ID_SOURCE, { useValue: { uuid: () => 'c0ffee00-0000-4000-8000-000000000000' } });
    const q = query({ prompt: 'hi' }, container);
    const ended = (async () => {
      try {
        for await (const _ of q) {
          // The CLI never answers: the query ends with the initialize timeout.
        }
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    const initialize = await fake.waitForControlRequest('initialize');
    expect(initialize.request_id).toBe('req_c0ffee_1');
    // The 10 min `initialize` waits for a starting CLI pass on the injected clock alone; the 60 s of
    // other control requests do not end it (a CLI starting on a saturated machine takes longer).
    let settled = false;
    void ended.then(() => {
      settled = true;
    });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    clock.advance(60_000);
    await settle();
    expect(settled).toBe(false);
    clock.advance(539_999);
    await settle();
    expect(settled).toBe(false);
    expect(fake.isOpen).toBe(true);
    clock.advance(1);
    const error = await ended;
    expect(ControlTimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ subtype: 'initialize', timeoutMs: 600_000 });
  });
});
