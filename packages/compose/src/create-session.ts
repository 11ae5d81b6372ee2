import { type Options, planMcpServers, runEndCeilingMs, Session, type SessionDependencies } from '@hexagent/core';
import { buildTransportLaunch, type LaunchContext } from '@hexagent/transport-kit';
import type { SessionFactories } from './session-factories.js';
import { cliProjectsDir } from './session-store/cli-config-dir.js';
import { StoreResumeTransport, storeResumeLaunchOptions } from './session-store/store-resume-transport.js';
import { activeTraceContext } from './tracing/active-trace-context.js';
import { chosenTracer } from './tracing/chosen-tracer.js';
import { transportFactoryOf } from './transport-option.js';

/**
 * Wire one `Session` from explicit `factories`: a transport and the MCP server factory (core makes
 * with it the port of each in-process server, those of `options.mcpServers` and those
 * `setMcpServers` adds later), and the tracer its spans go to. `options.transport`, when given, replaces the
 * given transport factory. The options are checked here, once, as the transport's launch is
 * built from them (`buildTransportLaunch`), before any transport is made: the factory gets the
 * launch, never the options. Throws `InvalidOptionError` for options that cannot work, before
 * anything is spawned. `factories.clock` and `factories.ids` are the session's clock and id source
 * when given (core defaults to the real ones). The facade resolves `factories` from its container.
 *
 * With `sessionStore`, the session mirrors the CLI's transcripts under `<CLAUDE_CONFIG_DIR>/projects`;
 * with `resume` or `continue` too, the transport first loads the session from the store
 * ({@link StoreResumeTransport}). A transport that reports its CLI's `cliConfigDir` (a CLI on
 * another host, or one resumed in a config dir of the transport's) has the mirror map paths under
 * that directory instead.
 *
 * The MCP servers are checked and split once, here (`planMcpServers`, or `context.mcpServers` when
 * the caller made the plan), and the plan goes as data to the launch and to the session.
 *
 * `context` goes into the launch; by default it carries the trace context of the span
 * active now (`TRACEPARENT` for the CLI, as the official SDK passes it), read when the session is
 * created: in `query()`, `startup()`, `prewarm()` or `ClaudeClient.connect()`. A CLI that will serve
 * whichever query comes (the pool's recycled CLIs and spares) is made with `{}`.
 */
export function createSession(
  options: Options,
  factories: SessionFactories,
  context: LaunchContext = currentLaunch(),
): Session {
  const { mcpServerFactory, tracer: registered } = factories;
  const transportFactory = transportFactoryOf(options, factories.transportFactory);
  const mcpServerPlan = context.mcpServers ?? planMcpServers(options);
  const resumes = options.sessionStore !== undefined && (options.resume !== undefined || options.continue === true);
  // Built once: a store resume completes this launch when it has loaded the session.
  const launch = buildTransportLaunch(resumes ? storeResumeLaunchOptions(options) : options, {
    ...context,
    mcpServers: mcpServerPlan,
  });
  const tracer = chosenTracer(options.tracer, registered);
  const base: Omit<SessionDependencies, 'transport'> = {
    options,
    mcpServerPlan,
    createMcpServer: mcpServerFactory,
    // The ceiling on waiting for the CLI's idle, read from the environment it gets, as the official SDK.
    runEndCeilingMs: runEndCeilingMs(launch.env),
    ...(tracer !== undefined && { tracer }),
    ...(factories.clock !== undefined && { clock: factories.clock }),
    ...(factories.ids !== undefined && { ids: factories.ids }),
  };
  if (options.sessionStore === undefined) return new Session({ ...base, transport: transportFactory(launch) });
  const projectsDir = cliProjectsDir(options.env ?? process.env);
  const transport = resumes ? new StoreResumeTransport(options, transportFactory, launch) : transportFactory(launch);
  let warned = false;
  return new Session({
    ...base,
    transport,
    // A transport whose CLI keeps its transcripts elsewhere than the options say (another host, a
    // resumed session's own config dir) says where.
    mirrorProjectsDir: () => {
      const configDir = transport.cliConfigDir;
      return configDir === undefined ? projectsDir : cliProjectsDir({ CLAUDE_CONFIG_DIR: configDir });
    },
    mirrorWarn: (message) => {
      if (warned) return;
      warned = true;
      process.emitWarning(message, { code: 'HEXAGENT_SESSION_MIRROR_DROPPED' });
    },
  });
}

/** The launch context of a session created now: the active span's trace context, when there is one. */
export function currentLaunch(): LaunchContext {
  const traceContext = activeTraceContext();
  return traceContext === undefined ? {} : { traceContext };
}
