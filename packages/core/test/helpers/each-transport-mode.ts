import { afterAll, beforeEach, describe } from 'vitest';
import { setDefaultTransportMode, TRANSPORT_MODES } from './fakes.js';

/**
 * Runs `body`'s tests once per way a transport can be read (`TRANSPORT_MODES`), in suites named
 * `"<title> over a transport read with <mode>"`: every FakeTransport made without a mode uses the
 * one of the round, and `'messages'` again after.
 */
export function describeEachTransportMode(title: string, body: () => void): void {
  describe.each(TRANSPORT_MODES)(`${title === '' ? '' : `${title} `}over a transport read with %s`, (mode) => {
    beforeEach(() => setDefaultTransportMode(mode));
    afterAll(() => setDefaultTransportMode('messages'));
    body();
  });
}
