import { describe, expect, it } from 'vitest';
import { isInlineSettings, mergeSandboxSettings } from './merge-sandbox-settings.js';

/** The merged `sandbox` block of the settings JSON. */
function sandboxOf(settings: string | undefined, sandbox: Parameters<typeof mergeSandboxSettings>[1]): unknown {
  return (JSON.parse(mergeSandboxSettings(settings, sandbox)) as { sandbox: unknown }).sandbox;
}

describe('isInlineSettings', () => {
  it.each([
    ['{"a":1}', true],
    ['  {"a":1}\n', true],
    ['/etc/claude/settings.json', false],
    ['{not closed', false],
  ])('%j → %s', (settings, expected) => {
    expect(isInlineSettings(settings)).toBe(expected);
  });
});

describe('mergeSandboxSettings', () => {
  it('without settings: the option alone, enabled: true defaulting failIfUnavailable to true', () => {
    expect(sandboxOf(undefined, { enabled: true })).toEqual({ enabled: true, failIfUnavailable: true });
    expect(sandboxOf(undefined, { enabled: false })).toEqual({ enabled: false });
    expect(sandboxOf(undefined, { enabled: true, failIfUnavailable: false })).toEqual({
      enabled: true,
      failIfUnavailable: false,
    });
  });

  it("keeps the settings' other keys, and a failIfUnavailable the settings set", () => {
    const merged = JSON.parse(
      mergeSandboxSettings('{"model":"x","sandbox":{"failIfUnavailable":false}}', { enabled: true }),
    ) as Record<string, unknown>;
    expect(merged).toEqual({ model: 'x', sandbox: { failIfUnavailable: false, enabled: true } });
  });

  it('merges nested objects key by key, the option winning', () => {
    const settings = '{"sandbox":{"network":{"allowLocalBinding":false,"allowUnixSockets":["/a.sock"]}}}';
    expect(sandboxOf(settings, { network: { allowLocalBinding: true } })).toEqual({
      network: { allowLocalBinding: true, allowUnixSockets: ['/a.sock'] },
    });
  });

  it('combines the restriction lists (deduplicated) and replaces other lists', () => {
    const settings = JSON.stringify({
      sandbox: {
        filesystem: { denyRead: ['/a', '/b'], allowWrite: ['/w1'] },
        network: { deniedDomains: ['a.com'], allowedDomains: ['x.com'] },
      },
    });
    expect(
      sandboxOf(settings, {
        filesystem: { denyRead: ['/b', '/c'], allowWrite: ['/w2'] },
        network: { deniedDomains: ['b.com'], allowedDomains: ['y.com'] },
      }),
    ).toEqual({
      filesystem: { denyRead: ['/a', '/b', '/c'], allowWrite: ['/w2'] },
      network: { deniedDomains: ['a.com', 'b.com'], allowedDomains: ['y.com'] },
    });
  });

  it('replaces ripgrep and network.tlsTerminate whole', () => {
    const settings = JSON.stringify({
      sandbox: {
        ripgrep: { command: 'rg', args: ['-x'] },
        network: { tlsTerminate: { caCertPath: '/c', caKeyPath: '/k' } },
      },
    });
    expect(
      sandboxOf(settings, { ripgrep: { command: '/usr/bin/rg' }, network: { tlsTerminate: { caCertPath: '/c2' } } }),
    ).toEqual({ ripgrep: { command: '/usr/bin/rg' }, network: { tlsTerminate: { caCertPath: '/c2' } } });
  });

  it('drops filesystem.disabled: true when the option sets filesystem or a credentials deny file', () => {
    const settings = '{"sandbox":{"filesystem":{"disabled":true,"denyRead":["/a"]}}}';
    expect(sandboxOf(settings, { filesystem: { denyRead: ['/b'] } })).toEqual({
      filesystem: { denyRead: ['/a', '/b'] },
    });
    expect(sandboxOf(settings, { credentials: { files: [{ path: '~/.aws', mode: 'deny' }] } })).toEqual({
      filesystem: { denyRead: ['/a'] },
      credentials: { files: [{ path: '~/.aws', mode: 'deny' }] },
    });
    // The option's own filesystem.disabled stands, and a switch the option does not touch stays.
    expect(sandboxOf(settings, { filesystem: { disabled: true } })).toEqual({
      filesystem: { disabled: true, denyRead: ['/a'] },
    });
    expect(sandboxOf(settings, { enabled: false })).toEqual({
      filesystem: { disabled: true, denyRead: ['/a'] },
      enabled: false,
    });
  });

  it('drops a proxy port of the settings when the option restricts domains without setting it', () => {
    const settings = '{"sandbox":{"network":{"httpProxyPort":8080,"socksProxyPort":1080}}}';
    expect(sandboxOf(settings, { network: { allowedDomains: ['a.com'], socksProxyPort: 9050 } })).toEqual({
      network: { allowedDomains: ['a.com'], socksProxyPort: 9050 },
    });
    expect(sandboxOf(settings, { network: { strictAllowlist: true } })).toEqual({ network: { strictAllowlist: true } });
    // An empty deny list restricts nothing: the ports stay.
    expect(sandboxOf(settings, { network: { deniedDomains: [] } })).toEqual({
      network: { httpProxyPort: 8080, socksProxyPort: 1080, deniedDomains: [] },
    });
  });

  it('ignores __proto__, constructor and prototype keys and undefined values', () => {
    const sandbox = JSON.parse('{"__proto__":{"polluted":true},"constructor":1,"enabled":false}') as Record<
      string,
      unknown
    >;
    const merged = sandboxOf(undefined, { ...sandbox, autoAllowBashIfSandboxed: undefined });
    expect(merged).toEqual({ enabled: false });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
