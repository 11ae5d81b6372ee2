import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoPaths } from '../repo-paths.js';
import { diffSurfaces } from './diff-surfaces.js';
import { extractSurface } from './extract-surface.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A release whose sdk.d.ts is `text`. */
function release(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'compat-surface-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'sdk.d.ts'), text);
  return dir;
}

const base = `
export declare type Options = {
    /** The model. */
    model?: string;
    maxTurns?: number;
};
export declare interface Query extends AsyncGenerator<SDKMessage, void> {
    interrupt(): Promise<void>;
    setPermissionMode(mode: string): Promise<void>;
}
export declare const HOOK_EVENTS: readonly ['PreToolUse', 'Stop'];
export declare type BaseHookInput = { session_id: string };
export declare type PreToolUseHookInput = BaseHookInput & { hook_event_name: 'PreToolUse'; tool_name: string };
export declare type StopHookInput = BaseHookInput & { hook_event_name: 'Stop' };
export declare type SDKAssistantMessage = { type: 'assistant'; uuid: string };
export declare type SDKResultSuccess = { type: 'result'; subtype: 'success' };
export declare type SDKResultError = { type: 'result'; subtype: 'error_max_turns' | 'error_during_execution' };
export declare type SDKResultMessage = SDKResultSuccess | SDKResultError;
export declare type SDKMessage = SDKAssistantMessage | SDKResultMessage;
declare type SDKControlInterruptRequest = { subtype: 'interrupt' };
declare type SDKControlMcpCallRequest = { subtype: 'mcp_call'; server_name: string };
declare type SDKControlRequestInner = SDKControlInterruptRequest | SDKControlMcpCallRequest;
export declare type PermissionMode = 'default' | 'plan';
export declare function query(params: { prompt: string; options?: Options }): Query;
export declare class AbortError extends Error {}
export { }
`;

describe('extractSurface', { timeout: 180_000 }, () => {
  it('reads exports, Options, Query, hook events, message variants and control subtypes', () => {
    const surface = extractSurface(release(base));
    expect(surface.exports).toMatchObject({
      query: { text: 'function' },
      AbortError: { text: 'class' },
      HOOK_EVENTS: { text: 'const' },
      Query: { text: 'interface' },
      Options: { text: 'type' },
    });
    // Comments are not part of a member's text.
    expect(surface.options).toEqual({ maxTurns: { text: 'maxTurns?: number' }, model: { text: 'model?: string' } });
    // Only the package's own members: AsyncGenerator's next/return/throw are left out.
    expect(Object.keys(surface.query)).toEqual(['interrupt', 'setPermissionMode']);
    expect(surface.hookEvents['PreToolUse']).toEqual({
      text: 'PreToolUseHookInput',
      members: {
        hook_event_name: "hook_event_name: 'PreToolUse'",
        session_id: 'session_id: string',
        tool_name: 'tool_name: string',
      },
    });
    // Nested unions are opened: the result's two variants, each with its type / subtype.
    expect(Object.fromEntries(Object.entries(surface.messages).map(([name, entry]) => [name, entry.text]))).toEqual({
      SDKAssistantMessage: 'assistant',
      SDKResultSuccess: 'result / success',
      SDKResultError: 'result / error_during_execution|error_max_turns',
    });
    expect(Object.keys(surface.controlRequests)).toEqual(['interrupt', 'mcp_call']);
    expect(surface.types['PermissionMode']).toEqual({
      text: 'string literals',
      members: { default: 'default', plan: 'plan' },
    });
  });

  it('finds the exports official-exports.txt lists in the mirrored release', () => {
    const surface = extractSurface(join(repoPaths.dropIn, 'node_modules', '@anthropic-ai', 'claude-agent-sdk'));
    const listed = readFileLines(join(repoPaths.dropIn, 'official-exports.txt')).sort();
    const found = Object.entries(surface.exports)
      .map(([name, entry]) => `${entry.text} ${name}`)
      .sort();
    expect(found).toEqual(listed);
  });
});

describe('diffSurfaces', { timeout: 180_000 }, () => {
  it('reports an added field, a removed name, a changed signature, a new hook event, variant and control field', () => {
    const next = base
      .replace('maxTurns?: number;', 'maxTurns?: number;\n    downloadsMirrorUrl?: string;')
      .replace('export declare class AbortError extends Error {}', '')
      .replace(
        'setPermissionMode(mode: string): Promise<void>;',
        'setPermissionMode(mode: string): Promise<{ mode: string } | undefined>;',
      )
      .replace("['PreToolUse', 'Stop']", "['PreToolUse', 'Stop', 'PreSkillShellCommand']")
      .replace('SDKAssistantMessage | SDKResultMessage', 'SDKAssistantMessage | SDKResultMessage | SDKRateLimitEvent')
      .replace(
        'declare type SDKControlInterruptRequest',
        "export declare type SDKRateLimitEvent = { type: 'rate_limit_event' };\ndeclare type SDKControlInterruptRequest",
      )
      .replace('server_name: string };', 'server_name: string; soft_error_result?: boolean };')
      .replace("'default' | 'plan'", "'default' | 'plan' | 'auto'");
    const changes = diffSurfaces(extractSurface(release(base)), extractSurface(release(next)));
    const lines = changes.map((change) =>
      [
        change.section,
        change.kind,
        change.key,
        change.before,
        change.after,
        ...(change.members ?? []).map((m) => `${m.kind} ${m.name}`),
      ]
        .filter(Boolean)
        .join(' | '),
    );
    expect(lines).toEqual([
      'exports | removed | AbortError | class',
      'exports | added | SDKRateLimitEvent | type',
      'options | added | downloadsMirrorUrl | downloadsMirrorUrl?: string',
      'query | changed | setPermissionMode | setPermissionMode(mode: string): Promise<void> | setPermissionMode(mode: string): Promise<{ mode: string; } | undefined>',
      'hookEvents | added | PreSkillShellCommand | (no PreSkillShellCommandHookInput)',
      'messages | added | SDKRateLimitEvent | rate_limit_event',
      'controlRequests | changed | mcp_call | added soft_error_result',
      'types | changed | PermissionMode | added auto',
    ]);
  });

  it('reports nothing for a TSDoc-only change', () => {
    const next = base.replace('/** The model. */', '/** The model to use, now documented better. */');
    expect(diffSurfaces(extractSurface(release(base)), extractSurface(release(next)))).toEqual([]);
  });
});

function readFileLines(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}
