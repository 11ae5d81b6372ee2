/**
 * Session reliability on the in-memory fake transport: external MCP servers delivered in
 * `initialize` (`mcpServersDelivery`), the bound on hook callbacks (`hookTimeoutMs`, matcher
 * `timeout`, `onFailure`), and a CLI whose input is gone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeEachTransportMode } from '../../test/helpers/each-transport-mode.js';
import { collectMessages as drain, FakeProcessError, FakeTransport, flush } from '../../test/helpers/fakes.js';
import { AbortError } from '../errors/abort-error.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { McpServersNotAppliedError } from '../errors/mcp-servers-not-applied-error.js';
import type { HookCallback } from '../types/hooks/hook-callback.js';
import type { Options } from '../types/options.js';
import { ManualClock } from '../util/manual-clock.js';
import { DEFAULT_HOOK_TIMEOUT_MS } from './hook-registrations.js';
import { Session } from './session.js';

const sessions: Session[] = [];

function makeSession(options: Options = {}, clock?: ManualClock): { session: Session; transport: FakeTransport } {
  const transport = new FakeTransport();
  const session = new Session({ transport, options, ...(clock !== undefined && { clock }) });
  sessions.push(session);
  return { session, transport };
}

/** Lets pending work run (a request reaching its handler), moves `clock` on by `ms`, and lets what it settled run. */
async function advance(clock: ManualClock, ms: number): Promise<void> {
  await flush();
  clock.advance(ms);
  await flush();
}

afterEach(async () => {
  vi.useRealTimers();
  for (const session of sessions.splice(0)) await session.close();
});

const ECHO = { type: 'stdio' as const, command: 'echo-server', args: ['--x'], env: { TOKEN: 'sk-secret' } };
const SDK_SERVER = { type: 'sdk' as const, name: 'calc', instance: {} };

describeEachTransportMode('', () => {
  describe('mcpServersDelivery', () => {
    it("defaults to 'initialize': external servers go in initialize (as given, sdk servers left out)", async () => {
      const { session, transport } = makeSession({
        mcpServers: { echo: ECHO, bare: { command: 'bare' }, calc: SDK_SERVER },
      });
      await session.start();
      const { request } = await transport.waitForRequest('initialize');
      expect(request.mcpServers).toEqual({ echo: ECHO, bare: { command: 'bare' } });
    });

    it("sends no mcpServers in initialize with 'argv', nor when there is no external server", async () => {
      for (const options of [
        { mcpServers: { echo: ECHO }, mcpServersDelivery: 'argv' as const },
        { mcpServers: { calc: SDK_SERVER } },
        {},
      ]) {
        const { session, transport } = makeSession(options);
        await session.start();
        expect((await transport.waitForRequest('initialize')).request).not.toHaveProperty('mcpServers');
      }
    });

    it('holds user messages until the CLI confirmed the servers, then sends them', async () => {
      const { session, transport } = makeSession({ mcpServers: { echo: ECHO } });
      const sending = session.sendUserMessage('hi');
      const { request_id } = await transport.waitForRequest('initialize');
      await flush();
      expect(transport.sent.filter((message) => message.type === 'user')).toHaveLength(0);
      transport.emit({
        type: 'control_response',
        response: { subtype: 'success', request_id, response: { mcp_servers_applied: true } },
      });
      await sending;
      expect(transport.sent.filter((message) => message.type === 'user')).toHaveLength(1);
    });

    it.each([
      ['no mcp_servers_applied (a CLI too old to read them)', {}, undefined],
      ['mcp_servers_applied: false', { mcp_servers_applied: false }, false],
    ])(
      'ends the session with McpServersNotAppliedError for %s, and sends no prompt',
      async (_name, answer, applied) => {
        const { session, transport } = makeSession({ mcpServers: { echo: ECHO } });
        const sending = session.sendUserMessage('hi').catch((error: unknown) => error);
        const { request_id } = await transport.waitForRequest('initialize');
        transport.emit({
          type: 'control_response',
          response: { subtype: 'success', request_id, response: { ...answer, claude_code_version: '1.0.0' } },
        });
        const { error } = await drain(session);
        expect(McpServersNotAppliedError.isInstance(error)).toBe(true);
        expect((error as McpServersNotAppliedError).applied).toBe(applied);
        expect((error as McpServersNotAppliedError).serverNames).toEqual(['echo']);
        expect((error as McpServersNotAppliedError).cliVersion).toBe('1.0.0');
        expect(McpServersNotAppliedError.isInstance(await sending)).toBe(true);
        await expect(session.initializationResult()).rejects.toBe(error);
        expect(transport.sent.filter((message) => message.type === 'user')).toHaveLength(0);
        expect(transport.closeCalls).toBeGreaterThan(0);
      },
    );

    it('rejects an unknown delivery with InvalidOptionError before the transport starts', async () => {
      const { session, transport } = makeSession({
        mcpServers: { echo: ECHO },
        mcpServersDelivery: 'stdin' as unknown as 'argv',
      });
      const error = await session.start().catch((caught: unknown) => caught);
      expect(InvalidOptionError.isInstance(error)).toBe(true);
      expect((error as InvalidOptionError).option).toBe('mcpServersDelivery');
      expect(transport.startCalls).toBe(0);
    });
  });

  describe('hook timeouts', () => {
    it('gives every matcher without a timeout hookTimeoutMs (default 10 min) in seconds, and passes onFailure', async () => {
      const callback: HookCallback = async () => ({});
      const { session, transport } = makeSession({
        hooks: {
          PreToolUse: [
            { hooks: [callback], onFailure: 'block' },
            { hooks: [callback], timeout: 7 },
          ],
        },
      });
      await session.start();
      const { request } = await transport.waitForRequest('initialize');
      expect(request.hooks).toEqual({
        PreToolUse: [
          { hookCallbackIds: ['hook_0'], timeout: DEFAULT_HOOK_TIMEOUT_MS / 1000, onFailure: 'block' },
          { hookCallbackIds: ['hook_1'], timeout: 7 },
        ],
      });
      const custom = makeSession({ hookTimeoutMs: 1_500, hooks: { Stop: [{ hooks: [callback] }] } });
      await custom.session.start();
      expect((await custom.transport.waitForRequest('initialize')).request.hooks).toEqual({
        Stop: [{ hookCallbackIds: ['hook_0'], timeout: 1.5 }],
      });
    });

    it.each([['hookTimeoutMs', { hookTimeoutMs: 0 }, 'hookTimeoutMs']])(
      'rejects a bad %s with InvalidOptionError',
      async (_name, options, option) => {
        const { session } = makeSession({ hooks: { Stop: [{ hooks: [async () => ({})] }] }, ...options });
        const error = await session.start().catch((caught: unknown) => caught);
        expect(InvalidOptionError.isInstance(error)).toBe(true);
        expect((error as InvalidOptionError).option).toBe(option);
      },
    );

    it('releases a hook callback that never settles after its timeout plus a grace period, aborting its signal', async () => {
      const clock = new ManualClock();
      let seen: AbortSignal | undefined;
      const { session, transport } = makeSession(
        {
          hooks: {
            PreToolUse: [
              {
                hooks: [
                  (_input, _id, { signal }) => {
                    seen = signal;
                    return new Promise(() => {});
                  },
                ],
                timeout: 2,
              },
            ],
          },
        },
        clock,
      );
      await session.start();
      await transport.answer('initialize', {});
      transport.emit({
        type: 'control_request',
        request_id: 'cli_1',
        request: { subtype: 'hook_callback', callback_id: 'hook_0', input: { hook_event_name: 'PreToolUse' } },
      });
      await advance(clock, 2_000);
      expect(seen?.aborted).toBe(false);
      // The CLI gives up at 2 s; here the callback is let go a grace period later, never before.
      await advance(clock, 5_000);
      const answer = await transport.waitForAnswer('cli_1');
      expect(answer).toMatchObject({ subtype: 'error', request_id: 'cli_1' });
      expect(String(answer.error)).toContain('did not answer within 7000 ms');
      expect(seen?.aborted).toBe(true);
    });

    it("aborts the hook callback's signal when the CLI withdraws the request", async () => {
      let seen: AbortSignal | undefined;
      const { session, transport } = makeSession({
        hooks: {
          Stop: [
            {
              hooks: [
                (_input, _id, { signal }) => {
                  seen = signal;
                  return new Promise(() => {});
                },
              ],
            },
          ],
        },
      });
      await session.start();
      await transport.answer('initialize', {});
      transport.emit({
        type: 'control_request',
        request_id: 'cli_2',
        request: { subtype: 'hook_callback', callback_id: 'hook_0', input: { hook_event_name: 'Stop' } },
      });
      await vi.waitFor(() => expect(seen).toBeDefined());
      transport.emit({ type: 'control_cancel_request', request_id: 'cli_2' });
      await vi.waitFor(() => expect(seen?.aborted).toBe(true));
      expect(AbortError.isInstance(seen?.reason)).toBe(true);
    });

    it.each([
      ['a string', 'plain string failure', 'plain string failure'],
      ['an object', { reason: 'object failure' }, '{"reason":"object failure"}'],
      ['undefined', undefined, 'undefined'],
    ])(
      'answers a hook callback that throws %s with an error response; the session goes on',
      async (_name, thrown, text) => {
        const { session, transport } = makeSession({
          hooks: {
            Stop: [
              {
                hooks: [
                  async () => {
                    throw thrown;
                  },
                ],
              },
            ],
          },
        });
        await session.start();
        await transport.answer('initialize', {});
        const answer = await transport.ask('cli_3', {
          subtype: 'hook_callback',
          callback_id: 'hook_0',
          input: { hook_event_name: 'Stop' },
        });
        expect(answer).toMatchObject({ subtype: 'error', request_id: 'cli_3', error: text });
        expect(session.isClosed).toBe(false);
      },
    );
  });

  describe('canUseTool time limit', () => {
    it("denies a callback that never settles after permissionTimeoutMs and aborts the callback's signal", async () => {
      const clock = new ManualClock();
      let seen: AbortSignal | undefined;
      const { session, transport } = makeSession(
        {
          permissionTimeoutMs: 1_000,
          canUseTool: (_tool, _input, { signal }) => {
            seen = signal;
            return new Promise(() => {});
          },
        },
        clock,
      );
      await session.start();
      await transport.answer('initialize', {});
      transport.emit({
        type: 'control_request',
        request_id: 'cli_p',
        request: { subtype: 'can_use_tool', tool_name: 'Bash', input: {}, tool_use_id: 'toolu_p' },
      });
      await advance(clock, 999);
      expect(seen?.aborted).toBe(false);
      await advance(clock, 1);
      const answer = await transport.waitForAnswer('cli_p');
      expect(answer.response).toMatchObject({
        behavior: 'deny',
        message: 'Permission callback failed: canUseTool did not answer within 1000 ms',
        toolUseID: 'toolu_p',
      });
      expect(seen?.aborted).toBe(true);
    });
  });

  describe("the CLI's input is gone", () => {
    it('a user message that cannot be written ends the session with that ProcessError', async () => {
      const { session, transport } = makeSession();
      await session.start();
      await transport.answer('initialize', {});
      const broken = new FakeProcessError({ message: 'Cannot write to the Claude Code CLI: its input is closed' });
      transport.send = async () => {
        throw broken;
      };
      await expect(session.sendUserMessage('hi')).rejects.toBe(broken);
      expect(session.isClosed).toBe(true);
      expect((await drain(session)).error).toBe(broken);
      expect(transport.closeCalls).toBeGreaterThan(0);
    });

    it('another send failure (a message JSON cannot encode) fails that send only', async () => {
      const { session, transport } = makeSession();
      await session.start();
      await transport.answer('initialize', {});
      const original = transport.send.bind(transport);
      transport.send = async (message) => {
        if (message.type === 'user') throw new TypeError('Do not know how to serialize a BigInt');
        return original(message);
      };
      await expect(session.sendUserMessage('hi')).rejects.toThrow(TypeError);
      expect(session.isClosed).toBe(false);
    });

    it('an answer to the CLI that cannot be written ends the session with that ProcessError', async () => {
      const { session, transport } = makeSession();
      await session.start();
      await transport.answer('initialize', {});
      const broken = new FakeProcessError({ message: 'Cannot write to the Claude Code CLI: its input is closed' });
      transport.send = async () => {
        throw broken;
      };
      transport.emit({ type: 'control_request', request_id: 'cli_9', request: { subtype: 'no_such_subtype' } });
      expect((await drain(session)).error).toBe(broken);
      expect(session.isClosed).toBe(true);
    });
  });
});
