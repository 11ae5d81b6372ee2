import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCliEnv, definedEnv, hexagentClientApp } from './build-cli-env.js';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
/** What hexagent adds to every environment that lacks it (OTHER.md, "Environment semantics"). */
const ADDED = {
  CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
  CLAUDE_AGENT_SDK_CLIENT_APP: `hexagent/${VERSION}`,
  CLAUDE_CODE_SDK_READS_SESSION_STATE: '1',
};

describe('buildCliEnv', () => {
  it('replaces the inherited environment with a copy of options.env (env-given): no process.env key leaks in', () => {
    const processEnv = { PATH: '/usr/bin', HOME: '/home/me', LEAK: 'from the host' };
    expect(buildCliEnv({ env: { PATH: '/bin', A: '1' } }, processEnv)).toEqual({ PATH: '/bin', A: '1', ...ADDED });
  });

  it('copies process.env when options.env is omitted (env-omitted), removing NODE_OPTIONS and DEBUG', () => {
    const processEnv = { PATH: '/usr/bin', NODE_OPTIONS: '--inspect', DEBUG: '*' };
    const env = buildCliEnv({}, processEnv);
    expect(env).toEqual({ PATH: '/usr/bin', ...ADDED });
    expect(processEnv).toEqual({ PATH: '/usr/bin', NODE_OPTIONS: '--inspect', DEBUG: '*' });
  });

  it('removes NODE_OPTIONS and DEBUG from a given env too (env-given-extras)', () => {
    expect(buildCliEnv({ env: { NODE_OPTIONS: '--x', DEBUG: '1' } }, {})).toEqual(ADDED);
  });

  it('sets DEBUG=1 when DEBUG_CLAUDE_AGENT_SDK is on (env-debug-sdk)', () => {
    for (const on of ['1', 'true', 'YES', ' on ']) {
      expect(buildCliEnv({ env: { DEBUG_CLAUDE_AGENT_SDK: on } }, {})['DEBUG']).toBe('1');
    }
    expect(buildCliEnv({ env: { DEBUG_CLAUDE_AGENT_SDK: '0', DEBUG: 'x' } }, {})).not.toHaveProperty('DEBUG');
  });

  it("keeps the caller's entrypoint and client app (their values win), and session-state variable in any case", () => {
    const env = buildCliEnv(
      {
        env: {
          CLAUDE_CODE_ENTRYPOINT: 'my-entry',
          CLAUDE_AGENT_SDK_CLIENT_APP: 'my-app/1.0.0',
          claude_code_sdk_reads_session_state: '0',
        },
      },
      {},
    );
    expect(env).toEqual({
      CLAUDE_CODE_ENTRYPOINT: 'my-entry',
      CLAUDE_AGENT_SDK_CLIENT_APP: 'my-app/1.0.0',
      claude_code_sdk_reads_session_state: '0',
    });
  });

  it('asks for start-up marks only when the launch reads them (startup(), prewarm()), unless set in any case', () => {
    expect(buildCliEnv({ env: {} }, {})).not.toHaveProperty('CLAUDE_CODE_SDK_READS_STARTUP_MARKS');
    expect(buildCliEnv({ env: {} }, {}, undefined, { readsStartupMarks: true })).toEqual({
      ...ADDED,
      CLAUDE_CODE_SDK_READS_STARTUP_MARKS: '1',
    });
    // The caller's value wins, in whatever case it is written, given or inherited (as the official SDK's check).
    const given = buildCliEnv({ env: { Claude_Code_SDK_Reads_Startup_Marks: '0' } }, {}, undefined, {
      readsStartupMarks: true,
    });
    expect(given).toEqual({ ...ADDED, Claude_Code_SDK_Reads_Startup_Marks: '0' });
    const inherited = buildCliEnv({}, { CLAUDE_CODE_SDK_READS_STARTUP_MARKS: '0' }, undefined, {
      readsStartupMarks: true,
    });
    expect(inherited['CLAUDE_CODE_SDK_READS_STARTUP_MARKS']).toBe('0');
  });

  it('keeps an inherited entrypoint, as the official SDK does', () => {
    expect(buildCliEnv({}, { CLAUDE_CODE_ENTRYPOINT: 'cli' })['CLAUDE_CODE_ENTRYPOINT']).toBe('cli');
  });

  it("never claims the official SDK's version", () => {
    expect(buildCliEnv({}, {})).not.toHaveProperty('CLAUDE_AGENT_SDK_VERSION');
    expect(buildCliEnv({ env: { CLAUDE_AGENT_SDK_VERSION: '9.9.9' } }, {})['CLAUDE_AGENT_SDK_VERSION']).toBe('9.9.9');
    expect(hexagentClientApp()).toBe(`hexagent/${VERSION}`);
  });

  it('adds the variables of enableFileCheckpointing (checkpointing) and toolConfig (tool-config)', () => {
    expect(buildCliEnv({ env: {}, enableFileCheckpointing: true }, {})).toEqual({
      CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
      CLAUDE_AGENT_SDK_CLIENT_APP: `hexagent/${VERSION}`,
      CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: 'true',
      CLAUDE_CODE_SDK_READS_SESSION_STATE: '1',
    });
    expect(
      buildCliEnv({ env: {}, toolConfig: { askUserQuestion: { previewFormat: 'html' } } }, {})[
        'CLAUDE_CODE_QUESTION_PREVIEW_FORMAT'
      ],
    ).toBe('html');
    expect(buildCliEnv({ env: {}, enableFileCheckpointing: false }, {})).toEqual(ADDED);
  });

  it('drops the switches of hidden official options from an inherited environment only', () => {
    const host = { CLAUDE_CODE_QUESTION_EXTENDED: '1', claude_code_agent_progress_summaries: '1', KEEP: 'k' };
    expect(buildCliEnv({}, host)).toEqual({ KEEP: 'k', ...ADDED });
    expect(buildCliEnv({ env: host }, {})).toEqual({ ...host, ...ADDED });
  });

  it('keeps keys set to undefined as such; definedEnv drops them', () => {
    const env = buildCliEnv({ env: { PATH: '/bin', SECRET: undefined } }, { SECRET: 's' });
    expect(Object.hasOwn(env, 'SECRET')).toBe(true);
    expect(env['SECRET']).toBeUndefined();
    expect(definedEnv(env)).toEqual({ PATH: '/bin', ...ADDED });
  });

  it('does not change its inputs', () => {
    const given = { A: '1', NODE_OPTIONS: 'x' };
    buildCliEnv({ env: given, enableFileCheckpointing: true }, {});
    expect(given).toEqual({ A: '1', NODE_OPTIONS: 'x' });
  });
  it('passes the trace context as TRACEPARENT/TRACESTATE, replacing inherited ones, never those env sets', () => {
    const context = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'k=v' };
    const stale = { TRACEPARENT: '00-11111111111111111111111111111111-2222222222222222-01', TRACESTATE: 'old=1' };
    expect(buildCliEnv({}, { ...stale, KEEP: 'k' }, context)).toEqual({
      KEEP: 'k',
      TRACEPARENT: context.traceparent,
      TRACESTATE: 'k=v',
      ...ADDED,
    });
    // A traceparent without tracestate leaves no stale TRACESTATE behind.
    expect(buildCliEnv({}, stale, { traceparent: context.traceparent })).toEqual({
      TRACEPARENT: context.traceparent,
      ...ADDED,
    });
    // What options.env sets wins, as with the official SDK.
    expect(buildCliEnv({ env: { TRACEPARENT: 'mine' } }, {}, context)).toEqual({
      TRACEPARENT: 'mine',
      TRACESTATE: 'k=v',
      ...ADDED,
    });
    expect(buildCliEnv({}, stale)).toEqual({ ...stale, ...ADDED });
  });
});
