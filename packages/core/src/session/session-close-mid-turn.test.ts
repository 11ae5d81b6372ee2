import { afterEach, describe, expect, it } from 'vitest';
import { describeEachTransportMode } from '../../test/helpers/each-transport-mode.js';
import { FakeTransport, flush, resultMessage } from '../../test/helpers/fakes.js';
import { Session } from './session.js';

/**
 * On EOF the real CLI finishes the turn in progress before it exits (it calls the model again and
 * may run tools), so closing mid-turn must interrupt that turn first, in order on the wire:
 * `interrupt`, then EOF. Closing an idle session must not send anything.
 */

const sessions: Session[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

async function running(): Promise<{ session: Session; transport: FakeTransport; log: string[] }> {
  const transport = new FakeTransport();
  const log: string[] = [];
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    const request = (message as { request?: { subtype?: string } }).request;
    log.push(message.type === 'control_request' ? `control_request:${request?.subtype}` : message.type);
    await send(message);
  };
  const endInput = transport.endInput.bind(transport);
  transport.endInput = () => {
    log.push('EOF');
    endInput();
  };
  const close = transport.close.bind(transport);
  transport.close = async () => {
    log.push('close');
    await close();
  };
  const session = new Session({ transport });
  sessions.push(session);
  await session.start();
  await transport.answer('initialize', {});
  await session.initializationResult();
  return { session, transport, log };
}

describeEachTransportMode('', () => {
  describe('Session.close() while a turn is in flight', () => {
    it('interrupts the turn before it closes the transport (whose close() ends the input)', async () => {
      const { session, transport, log } = await running();
      await session.sendUserMessage('work for a long time');
      await session.close();
      expect(log).toEqual(['control_request:initialize', 'user', 'control_request:interrupt', 'close']);
      expect(transport.closeCalls).toBe(1);
    });

    it('sends nothing more when every turn has its result (the CLI exits on EOF at once)', async () => {
      const { session, transport, log } = await running();
      await session.sendUserMessage('quick');
      transport.emit(resultMessage());
      await session.waitForIdle();
      await session.close();
      expect(log).toEqual(['control_request:initialize', 'user', 'close']);
    });

    it('sends nothing when the CLI ended the session itself', async () => {
      const { session, transport, log } = await running();
      await session.sendUserMessage('the CLI dies');
      transport.endOutput();
      await flush();
      await session.close();
      expect(log).not.toContain('control_request:interrupt');
    });
  });
});
