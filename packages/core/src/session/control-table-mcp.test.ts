import { describe, expect, it } from 'vitest';
import { RecordingControls } from '../../test/helpers/recording-controls.js';
import type { QueryControls } from './query-controls.js';

describe('QUERY_CONTROLS: MCP servers', () => {
  it.each<[string, (controls: QueryControls) => Promise<unknown>, string, Record<string, unknown> | undefined]>([
    ['mcpServerStatus()', (c) => c.mcpServerStatus(), 'mcp_status', undefined],
    ['reconnectMcpServer(ext)', (c) => c.reconnectMcpServer('ext'), 'mcp_reconnect', { serverName: 'ext' }],
    [
      'toggleMcpServer(ext, false)',
      (c) => c.toggleMcpServer('ext', false),
      'mcp_toggle',
      { serverName: 'ext', enabled: false },
    ],
    [
      'readMcpResource(ext, uri)',
      (c) => c.readMcpResource('ext', 'ui://ext/widget'),
      'mcp_read_resource',
      { serverName: 'ext', uri: 'ui://ext/widget' },
    ],
    [
      'setMcpPermissionModeOverride(ext, default)',
      (c) => c.setMcpPermissionModeOverride('ext', 'default'),
      'set_mcp_permission_mode_override',
      { serverName: 'ext', mode: 'default' },
    ],
    [
      'setMcpPermissionModeOverride(ext, null)',
      (c) => c.setMcpPermissionModeOverride('ext', null),
      'set_mcp_permission_mode_override',
      { serverName: 'ext', mode: null },
    ],
    ['setMcpServers({})', (c) => c.setMcpServers({}), 'mcp_set_servers', { servers: {} }],
  ])('%s sends %s with its payload', async (_name, call, subtype, payload) => {
    const controls = new RecordingControls();
    await call(controls);
    expect(controls.sent).toEqual([[subtype, payload]]);
  });

  it('mcpServerStatus() reads mcpServers from the answer, [] when absent', async () => {
    const servers = [{ name: 'calc', status: 'connected' }];
    expect(await new RecordingControls({ mcp_status: { mcpServers: servers } }).mcpServerStatus()).toEqual(servers);
    expect(await new RecordingControls().mcpServerStatus()).toEqual([]);
  });

  it('reconnectMcpServer() and toggleMcpServer() resolve with nothing; readMcpResource() with the answer', async () => {
    const resource = { contents: [{ uri: 'ui://ext/widget', mimeType: 'text/html;profile=mcp-app', text: '<p>' }] };
    const controls = new RecordingControls({ mcp_read_resource: resource, mcp_toggle: { x: 1 } });
    expect(await controls.reconnectMcpServer('ext')).toBeUndefined();
    expect(await controls.toggleMcpServer('ext', true)).toBeUndefined();
    expect(await controls.readMcpResource('ext', 'ui://ext/widget')).toEqual(resource);
  });

  it('setMcpPermissionModeOverride() resolves with the answer, {} when the CLI sent none', async () => {
    const warning =
      "MCP server 'nope' is not yet known; override stored but will not apply until a server with that exact name connects.";
    const controls = new RecordingControls({ set_mcp_permission_mode_override: { warning } });
    expect(await controls.setMcpPermissionModeOverride('nope', 'auto')).toEqual({ warning });
    expect(await new RecordingControls().setMcpPermissionModeOverride('ext', 'auto')).toEqual({});
  });

  it('setMcpServers() connects the in-process servers first and sends them by name, the others as given', async () => {
    const result = { added: ['calc2', 'ext2'], removed: ['calc'], errors: {} };
    const controls = new RecordingControls({ mcp_set_servers: result });
    const calc2 = { type: 'sdk' as const, name: 'calc2', instance: { tools: [] } };
    const ext2 = { command: 'node', args: ['server.mjs'] };
    const byName = { type: 'sdk' as const, name: 'elsewhere' } as unknown as typeof calc2;
    expect(await controls.setMcpServers({ ext2, calc2, elsewhere: byName })).toEqual(result);
    expect(controls.replaced).toEqual([{ calc2 }]);
    expect(controls.sent).toEqual([
      [
        'mcp_set_servers',
        { servers: { ext2, elsewhere: { type: 'sdk', name: 'elsewhere' }, calc2: { type: 'sdk', name: 'calc2' } } },
      ],
    ]);
  });
});
