import { describe, expect, it } from 'vitest';
import { FakeMcpServer } from '../../test/helpers/fakes.js';
import { MANIFEST } from '../../test/helpers/session-harness.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { McpServerSet } from './mcp-server-set.js';

describe('McpServerSet', () => {
  it('holds the servers by name, in order', () => {
    const calc = new FakeMcpServer('calc');
    const notes = new FakeMcpServer('notes');
    const set = new McpServerSet([calc, notes]);
    expect(set.names).toEqual(['calc', 'notes']);
    expect(set.byName.get('notes')).toBe(notes);
  });

  it('refuses two servers with the same name', () => {
    expect(() => new McpServerSet([new FakeMcpServer('x'), new FakeMcpServer('x')])).toThrow(InvalidOptionError);
  });

  it('collects the manifests of the servers that have one', async () => {
    const set = new McpServerSet([new FakeMcpServer('calc', { manifest: MANIFEST }), new FakeMcpServer('bare')]);
    expect(await set.manifests()).toEqual(new Map([['calc', MANIFEST]]));
  });

  it('close() closes every server, even when one fails', async () => {
    const failing = new FakeMcpServer('failing');
    failing.close = async () => {
      failing.closeCalls += 1;
      throw new Error('cannot close');
    };
    const other = new FakeMcpServer('other');
    await new McpServerSet([failing, other]).close();
    expect(failing.closeCalls).toBe(1);
    expect(other.closeCalls).toBe(1);
  });
});
