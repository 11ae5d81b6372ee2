/**
 * `sendUserMessage`'s per-message `verbatim`: the `verbatimPrompts` option marks every prompt
 * `client_composed` (the CLI runs no slash command from it); the agent pool still has to send
 * `/clear` as a command, so one message may override the option either way.
 */
import { describe, expect, it } from 'vitest';
import { sessionHarness } from '../../test/helpers/session-harness.js';

const { runningSession } = sessionHarness();

describe('Session.sendUserMessage verbatim', () => {
  it('follows verbatimPrompts by default and lets one message override it', async () => {
    const { session, transport } = await runningSession({ verbatimPrompts: true });
    await session.sendUserMessage('/clear', { verbatim: false });
    await session.sendUserMessage('hi');
    const users = transport.sent.filter((message) => message.type === 'user');
    expect(users[0]).not.toHaveProperty('client_composed');
    expect(users[0]).toMatchObject({ message: { role: 'user', content: [{ type: 'text', text: '/clear' }] } });
    expect(users[1]).toMatchObject({ message: { content: [{ type: 'text', text: 'hi' }] }, client_composed: true });
  });

  it('can mark one message verbatim on a session without verbatimPrompts', async () => {
    const { session, transport } = await runningSession();
    await session.sendUserMessage('/compact', { verbatim: true });
    await session.sendUserMessage('hi');
    const users = transport.sent.filter((message) => message.type === 'user');
    expect(users[0]).toMatchObject({ client_composed: true });
    expect(users[1]).not.toHaveProperty('client_composed');
  });
});
