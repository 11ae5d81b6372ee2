import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { STAND_IN_REPORT_FIELD } from './stand-in-report.js';
import type { StandInReport } from './stand-in-scenario.js';
import type { StandInSession } from './stand-in-session.js';

type Json = Record<string, unknown>;

const MODEL = 'claude-opus-5-5';

/** 14 characters that, with a counter, make this run's ids unique (see {@link apiId}). */
const ID_TAG = randomUUID().replaceAll('-', '').slice(0, 14);

/**
 * An id shaped like the Messages API's (`msg_013Zva2CMHLNnXjNJJKqJ2EF`, `toolu_01A09q90qw90lq917835lq9`):
 * the prefix, `01`, then 22 characters, here this run's tag and the counter in base 36.
 *
 * The length matters: short ids cost every client old-generation growth the real CLI's ids never
 * cause (see docs/performance.md#short-strings-and-the-old-generation).
 */
export function apiId(prefix: 'msg' | 'toolu', index: number): string {
  return `${prefix}_01${ID_TAG}${index.toString(36).padStart(8, '0')}`;
}

/** Capture 01's answer to `initialize` and its `system`/`init`, each read once, when first needed. */
const captured = new Map<string, Json>();
function fixture(name: 'initialize-response.json' | 'system-init.json'): Json {
  let json = captured.get(name);
  if (json === undefined) {
    json = JSON.parse(readFileSync(new URL(`../../fixtures/stand-in/${name}`, import.meta.url), 'utf8')) as Json;
    captured.set(name, json);
  }
  return json;
}

/** The answer to `initialize` the scenario asks for (undefined: no answer). */
export function initializeAnswer(session: StandInSession): Json | undefined {
  const { answer = 'capture', fields } = session.scenario.initialize ?? {};
  if (answer === 'none') return undefined;
  const version = session.scenario.version;
  const base: Json =
    answer === 'minimal'
      ? { claude_code_version: session.version, pid: process.pid }
      : {
          ...fixture('initialize-response.json'),
          pid: process.pid,
          sdk_mcp_manifests_parked: Object.fromEntries(Object.keys(session.manifests).map((name) => [name, 'parked'])),
          ...(version !== undefined && { claude_code_version: version }),
        };
  return { ...base, ...fields };
}

/** An `assistant` message with one text block. */
export function assistantMessage(session: StandInSession, id: string, text: string, timestamp: string): Json {
  return {
    type: 'assistant',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: MODEL,
      content: [{ type: 'text', text }],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 1 },
      context_management: null,
    },
    parent_tool_use_id: null,
    session_id: session.sessionId,
    uuid: randomUUID(),
    timestamp,
  };
}

/** A success `result`, carrying `report` (when there is one) in `stand_in_report`. */
export function resultMessage(
  session: StandInSession,
  text: string,
  durationMs: number,
  report: StandInReport | undefined,
): Json {
  return {
    type: 'result',
    subtype: 'success',
    is_error: false,
    api_error_status: null,
    duration_ms: durationMs,
    duration_api_ms: durationMs,
    num_turns: 1,
    result: text,
    stop_reason: 'end_turn',
    session_id: session.sessionId,
    total_cost_usd: 0,
    usage: { input_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 10 },
    modelUsage: {},
    permission_denials: [],
    uuid: randomUUID(),
    ...(report !== undefined && { [STAND_IN_REPORT_FIELD]: report }),
  };
}

/** `system`/`session_state_changed`. */
export function sessionStateMessage(session: StandInSession, state: 'running' | 'requires_action' | 'idle'): Json {
  return {
    type: 'system',
    subtype: 'session_state_changed',
    state,
    sdk_host_only: true,
    uuid: randomUUID(),
    session_id: session.sessionId,
  };
}

/** Capture 01's `system`/`init`, with this session's id, working directory, in-process servers and their tools. */
export function systemInitMessage(session: StandInSession): Json {
  const systemInit = fixture('system-init.json');
  const mcpTools: string[] = [];
  for (const server of session.sdkServers) {
    const list = (session.manifests[server] as Json | undefined)?.toolsListResult as { tools?: Json[] } | undefined;
    for (const tool of list?.tools ?? []) mcpTools.push(`mcp__${server}__${String(tool.name)}`);
  }
  const builtins = (systemInit.tools as string[]).filter((name) => !name.startsWith('mcp__'));
  return {
    ...systemInit,
    cwd: process.cwd(),
    original_cwd: process.cwd(),
    session_id: session.sessionId,
    uuid: randomUUID(),
    tools: [...builtins, ...mcpTools],
    mcp_servers: session.sdkServers.map((name) => ({ name, status: 'connected', source: 'sdk' })),
    ...(session.scenario.version !== undefined && { claude_code_version: session.scenario.version }),
  };
}
