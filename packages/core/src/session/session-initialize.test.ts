/**
 * Session.start() on the in-memory fake transport: the `initialize` request it sends (hooks,
 * in-process servers and manifests, system prompt, agents) and the checks made before it.
 */
import { describe, expect, it, vi } from 'vitest';
import { describeEachTransportMode } from '../../test/helpers/each-transport-mode.js';
import { deferred, FakeMcpServer, FakeTransport, flush, track } from '../../test/helpers/fakes.js';
import { INIT_RESPONSE, initializeRequest, MANIFEST, sessionHarness } from '../../test/helpers/session-harness.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { HooksOptions } from '../types/hooks/hook-callback.js';
import type { McpServerManifest } from '../types/mcp/mcp-server-manifest.js';
import type { Options } from '../types/options.js';

const { makeSession, runningSession } = sessionHarness();

describeEachTransportMode('', () => {
  describe('Session.start() and initialize', () => {
    it('starts the transport and sends initialize with hooks, SDK servers + manifests, system prompt and agents', async () => {
      const hooks: HooksOptions = {
        PreToolUse: [{ matcher: 'mcp__calc__.*', hooks: [vi.fn(async () => ({}))], timeout: 30 }],
        PostToolUse: [{ hooks: [vi.fn(async () => ({})), vi.fn(async () => ({}))] }],
      };
      const agents = { reviewer: { description: 'Reviews code', prompt: 'You review.', tools: ['Read'] } };
      const calc = new FakeMcpServer('calc', { manifest: MANIFEST });
      const notes = new FakeMcpServer('notes'); // no manifest: the CLI will run the handshake
      const { session, transport } = makeSession({ hooks, agents, systemPrompt: 'You are terse.' }, [calc, notes]);

      await session.start();

      expect(transport.startCalls).toBe(1);
      expect(transport.mode === 'subscribe' ? transport.subscribeCalls : transport.messagesCalls).toBe(1);
      expect(transport.mode === 'subscribe' ? transport.messagesCalls : transport.subscribeCalls).toBe(0);
      expect(transport.sent).toHaveLength(1);
      expect(transport.sent[0]).toEqual({
        type: 'control_request',
        request_id: expect.any(String),
        request: {
          subtype: 'initialize',
          hooks: {
            PreToolUse: [{ matcher: 'mcp__calc__.*', hookCallbackIds: ['hook_0'], timeout: 30 }],
            // A matcher without its own timeout gets hookTimeoutMs (default 10 min), in seconds.
            PostToolUse: [{ hookCallbackIds: ['hook_1', 'hook_2'], timeout: 600 }],
          },
          sdkMcpServers: ['calc', 'notes'],
          sdkMcpServerManifests: { calc: MANIFEST },
          systemPrompt: ['You are terse.'],
          agents,
        },
      });
    });

    it('gives every hook callback a distinct id', async () => {
      const hooks: HooksOptions = {
        PreToolUse: [{ hooks: [vi.fn(), vi.fn()] }, { matcher: 'Bash', hooks: [vi.fn()] }],
        Stop: [{ hooks: [vi.fn()] }],
      };
      const { session, transport } = makeSession({ hooks });
      await session.start();
      const payload = (await initializeRequest(transport)).hooks as Record<
        string,
        Array<{ hookCallbackIds: string[] }>
      >;
      const ids = Object.values(payload).flatMap((matchers) => matchers.flatMap((m) => m.hookCallbackIds));
      expect(ids).toHaveLength(4);
      expect(new Set(ids).size).toBe(4);
    });

    it.each<[string, Options['systemPrompt'], Record<string, unknown>]>([
      ['undefined → [""]', undefined, { systemPrompt: [''] }],
      ['a string → [s]', 'Be brief.', { systemPrompt: ['Be brief.'] }],
      ['a list → as is', ['a', 'b'], { systemPrompt: ['a', 'b'] }],
      [
        'the preset with append → appendSystemPrompt',
        { type: 'preset', preset: 'claude_code', append: 'Extra.' },
        { appendSystemPrompt: 'Extra.' },
      ],
      ['the preset without append → nothing', { type: 'preset', preset: 'claude_code' }, {}],
    ])('systemPrompt %s', async (_name, systemPrompt, expected) => {
      const options: Options = systemPrompt === undefined ? {} : { systemPrompt };
      const { session, transport } = makeSession(options);
      await session.start();
      // No hooks, no servers, no agents: only the system prompt fields.
      expect(await initializeRequest(transport)).toEqual({ subtype: 'initialize', ...expected });
    });

    it('leaves out hooks whose matcher lists are empty', async () => {
      const { session, transport } = makeSession({ hooks: { PreToolUse: [] } });
      await session.start();
      expect(await initializeRequest(transport)).not.toHaveProperty('hooks');
    });

    it('sends sdkMcpServers without manifests when no server has one', async () => {
      const { session, transport } = makeSession({}, [new FakeMcpServer('a'), new FakeMcpServer('b')]);
      await session.start();
      const request = await initializeRequest(transport);
      expect(request.sdkMcpServers).toEqual(['a', 'b']);
      expect(request).not.toHaveProperty('sdkMcpServerManifests');
    });

    it('starts the transport first, at once, and asks for the manifests while it starts', async () => {
      // The CLI boots for hundreds of ms; compiling the tools (manifest()) belongs in that time,
      // not before the spawn (docs/performance.md, first message).
      const order: string[] = [];
      const transport = new FakeTransport();
      const spawned = deferred();
      transport.startImpl = () => {
        order.push('transport.start');
        return spawned.promise;
      };
      const calc = new FakeMcpServer('calc');
      const compiled = deferred<McpServerManifest>();
      calc.manifestImpl = () => {
        order.push('manifest');
        return compiled.promise;
      };
      const { session } = makeSession({}, [calc], transport);
      const starting = session.start();
      const started = track(starting);
      // Nothing awaited before the transport's start(): it is called within start() itself.
      expect(order).toEqual(['transport.start', 'manifest']);
      compiled.resolve(MANIFEST);
      await flush();
      expect(started.state).toBe('pending');
      expect(transport.sent).toEqual([]);
      spawned.resolve();
      await starting;
      expect((await initializeRequest(transport)).sdkMcpServerManifests).toEqual({ calc: MANIFEST });
    });

    it('is idempotent: one transport start, one initialize', async () => {
      const { session, transport } = makeSession();
      await Promise.all([session.start(), session.start()]);
      await session.start();
      expect(transport.startCalls).toBe(1);
      expect(transport.controlRequests()).toHaveLength(1);
    });

    it('initializationResult() resolves with the CLI’s answer; supportedCommands/Models read it', async () => {
      const { session } = await runningSession();
      expect(await session.initializationResult()).toEqual(INIT_RESPONSE);
      expect(await session.supportedCommands()).toEqual(INIT_RESPONSE.commands);
      expect(await session.supportedModels()).toEqual(INIT_RESPONSE.models);
    });

    it('sends a hook event this release does not know in initialize, as the official SDK does', async () => {
      const hooks = { FutureEvent: [{ hooks: [vi.fn(async () => ({}))] }] } as unknown as HooksOptions;
      const { session, transport } = makeSession({ hooks }, []);
      await session.start();
      expect(transport.sent[0]).toMatchObject({
        request: { subtype: 'initialize', hooks: { FutureEvent: [{ hookCallbackIds: ['hook_0'], timeout: 600 }] } },
      });
    });

    it('rejects two MCP servers with the same name', () => {
      expect(() => makeSession({}, [new FakeMcpServer('x'), new FakeMcpServer('x')])).toThrow(InvalidOptionError);
    });
  });
});
