/**
 * The handler's own decisions, with the fake CLI in place of the relay's: what it refuses before
 * any turn, and how a turn's end becomes a status. The real path (the bundle, the relay, the real
 * CLI, PostgreSQL) is test/serverless-handler.test.ts.
 */
import { InMemorySessionStore, type TransportFactory } from '@hexagent/sdk';
import { FakeCliTransport, resultMessage, TestScope } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandler } from './handler.js';

const SESSION = '11111111-2222-4333-8444-555555555555';
const scope = new TestScope();
afterEach(() => scope.cleanup());

/** A fake CLI per turn that answers the prompt with `result` (merged into a success result). */
function cliAnswering(result: Record<string, unknown>): TransportFactory {
  return () => {
    const fake = new FakeCliTransport({
      autoInitialize: true,
      onSend: (message, cli) => {
        if (message.type !== 'user') return;
        cli.emit(resultMessage({ session_id: SESSION, result: 'fine', ...result }));
      },
      onEndInput: (cli) => cli.finish(),
    });
    scope.defer(() => fake.close());
    return fake;
  };
}

const noTurn: TransportFactory = () => {
  throw new Error('a refused request must not start a turn');
};

function handlerWith(transport: TransportFactory) {
  const logs: Array<Record<string, unknown>> = [];
  const handler = createHandler({
    transport,
    store: new InMemorySessionStore(),
    cwd: '/srv/work',
    log: (line) => logs.push(line),
  });
  return { handler, logs };
}

const post = (body: string) => new Request('https://fn.example/', { method: 'POST', body });
const answer = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
});

describe('createHandler', () => {
  it.each([
    ['a GET', new Request('https://fn.example/'), 405, /POST/],
    ['a body that is not JSON', post('prompt=hi'), 400, /must be JSON/],
    ['no prompt', post('{}'), 400, /prompt must be a non-empty string/],
    ['a blank prompt', post('{"prompt":"  "}'), 400, /prompt must be a non-empty string/],
    ['a sessionId that is not one', post('{"prompt":"hi","sessionId":"../x"}'), 400, /sessionId must be/],
    ['a body over 32 KiB', post(JSON.stringify({ prompt: 'x'.repeat(33 * 1024) })), 413, /too large/],
  ])('refuses %s without starting a turn', async (_name, request, status, error) => {
    const { handler } = handlerWith(noTurn);
    const response = await answer(await handler(request));
    expect(response.status).toBe(status);
    expect(String(response.body.error)).toMatch(error);
  });

  it('answers a turn with its session id and text', async () => {
    const { handler } = handlerWith(cliAnswering({ result: 'hello there' }));
    expect(await answer(await handler(post('{"prompt":"hi"}')))).toEqual({
      status: 200,
      body: { sessionId: SESSION, text: 'hello there' },
    });
  });

  it('answers 502 with the errors of a turn that failed', async () => {
    const { handler } = handlerWith(
      cliAnswering({ subtype: 'error_during_execution', is_error: true, errors: ['the tool broke'] }),
    );
    expect(await answer(await handler(post('{"prompt":"hi"}')))).toEqual({
      status: 502,
      body: { error: 'the turn ended with error_during_execution: the tool broke' },
    });
  });

  it('answers 502, and logs it, when the relay cannot be reached', async () => {
    const unreachable: TransportFactory = () => {
      const fake = new FakeCliTransport({ startError: new Error('connect ECONNREFUSED 127.0.0.1:7878') });
      scope.defer(() => fake.close());
      return fake;
    };
    const { handler, logs } = handlerWith(unreachable);
    const response = await answer(await handler(post('{"prompt":"hi"}')));
    expect(response.status).toBe(502);
    expect(String(response.body.error)).toContain('ECONNREFUSED');
    expect(logs).toEqual([{ error: 'connect ECONNREFUSED 127.0.0.1:7878', code: undefined }]);
  });
});
