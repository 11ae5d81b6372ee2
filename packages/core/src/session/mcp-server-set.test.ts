import { describe, expect, it } from 'vitest';
import { FakeMcpServer } from '../../test/helpers/fakes.js';
import { MANIFEST } from '../../test/helpers/session-harness.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { classifyMcpServers } from '../mcp/classify-mcp-servers.js';
import type { McpServerFactory } from '../ports/mcp-server-port.js';
import { McpServerSet } from './mcp-server-set.js';

/** A factory of fake ports that records the ports it made. */
function fakeFactory(): McpServerFactory & { made: FakeMcpServer[] } {
  const made: FakeMcpServer[] = [];
  const factory = (name: string) => {
    const port = new FakeMcpServer(name);
    made.push(port);
    return port;
  };
  return Object.assign(factory, { made });
}

const sdk = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'sdk' as const,
  name,
  instance: {},
  ...extra,
});

describe('McpServerSet.forSession', () => {
  it('makes one port per in-process server of the options with the factory, in order; the rest go to the CLI', () => {
    const factory = fakeFactory();
    const { inProcess } = classifyMcpServers({
      calc: sdk('calc'),
      docs: { type: 'http', url: 'https://example.test' },
      named: { type: 'sdk', name: 'named' } as never,
      notes: sdk('notes'),
    });
    const set = McpServerSet.forSession(undefined, inProcess, factory);
    expect(set.names).toEqual(['calc', 'notes']);
    expect(factory.made.map((port) => port.name)).toEqual(['calc', 'notes']);
  });

  it('takes the ports given over the options, and makes none without a factory', () => {
    const calc = new FakeMcpServer('calc');
    const factory = fakeFactory();
    expect(McpServerSet.forSession([calc], { notes: sdk('notes') }, factory).names).toEqual(['calc']);
    expect(factory.made).toEqual([]);
    expect(McpServerSet.forSession(undefined, { notes: sdk('notes') }, undefined).names).toEqual([]);
  });

  it('lets the factory refuse a config', () => {
    const refuse: McpServerFactory = (name) => {
      throw new InvalidOptionError({ option: `mcpServers.${name}.instance`, message: 'no' });
    };
    expect(() => McpServerSet.forSession(undefined, { calc: sdk('calc') }, refuse)).toThrow(InvalidOptionError);
  });
});

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

  describe('replace()', () => {
    it('closes the servers left out, makes ports for the new ones, keeps the others', async () => {
      const calc = new FakeMcpServer('calc');
      const notes = new FakeMcpServer('notes');
      const factory = fakeFactory();
      const set = new McpServerSet([calc, notes], { createServer: factory });
      const byName = set.byName;
      const wire = await set.replace({ notes: sdk('notes'), calc2: sdk('calc2') });
      expect(wire).toEqual({ notes: { type: 'sdk', name: 'notes' }, calc2: { type: 'sdk', name: 'calc2' } });
      expect(calc.closeCalls).toBe(1);
      expect(notes.closeCalls).toBe(0);
      expect(factory.made.map((port) => port.name)).toEqual(['calc2']);
      // The same map, changed in place: the mcp_message handler routes by it.
      expect(set.byName).toBe(byName);
      expect(set.names).toEqual(['notes', 'calc2']);
      expect(set.byName.get('calc2')).toBe(factory.made[0]);
      expect([...set.removedNames]).toEqual(['calc']);

      await set.replace({ calc: sdk('calc') });
      expect([...set.removedNames].sort()).toEqual(['calc2', 'notes']);
      expect(set.names).toEqual(['calc']);
      expect(factory.made.map((port) => port.name)).toEqual(['calc2', 'calc']);
    });

    it('tells the CLI each server by name with its timeout and tools; a kept server keeps its first settings', async () => {
      const calc = new FakeMcpServer('calc');
      const set = new McpServerSet([calc], {
        configs: { calc: sdk('calc', { timeout: 5000 }) },
        createServer: fakeFactory(),
      });
      const tools = [{ name: 'add', permission_policy: 'always_ask' as const }];
      const wire = await set.replace({
        calc: sdk('calc', { timeout: 9000, tools }),
        fresh: sdk('fresh', { timeout: 2000 }),
      });
      expect(wire).toEqual({
        calc: { type: 'sdk', name: 'calc', timeout: 5000, tools },
        fresh: { type: 'sdk', name: 'fresh', timeout: 2000 },
      });
    });

    it('refuses a new server without a factory, and one the factory refuses, leaving the set as it was', async () => {
      const calc = new FakeMcpServer('calc');
      const plain = new McpServerSet([calc]);
      await expect(plain.replace({ extra: sdk('extra') })).rejects.toThrow(InvalidOptionError);
      expect(plain.names).toEqual(['calc']);
      expect(calc.closeCalls).toBe(0);

      const made: FakeMcpServer[] = [];
      const refusing: McpServerFactory = (name) => {
        if (name === 'bad') throw new InvalidOptionError({ option: `mcpServers.${name}.instance`, message: 'no' });
        const port = new FakeMcpServer(name);
        made.push(port);
        return port;
      };
      const set = new McpServerSet([calc], { createServer: refusing });
      await expect(set.replace({ good: sdk('good'), bad: sdk('bad') })).rejects.toThrow(InvalidOptionError);
      expect(set.names).toEqual(['calc']);
      expect(calc.closeCalls).toBe(0);
      expect(made.map((port) => port.closeCalls)).toEqual([1]);
    });
  });
});
