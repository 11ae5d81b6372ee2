import { buildTransportLaunch } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import * as entry from './index.js';

describe('@hexagent/transport-cli entry point', () => {
  it("exports the public API by name (the kit's names are imported from @hexagent/transport-kit, not re-exported)", () => {
    expect(Object.keys(entry).sort()).toEqual(
      [
        'ProcessSupervisor',
        'startCliCommand',
        'CliTransport',
        'DEFAULT_CLOSE_TIMEOUT_MS',
        'DEFAULT_HIGH_WATER_MARK',
        'createCliTransport',
        'findClaudeCli',
        'locateClaudeCli',
        'cliConfigDirOf',
        'findCliEnvProblems',
        'nodeCliLookupHost',
        'resolveCliCommand',
        'readCliVersion',
        'assertSupportedCliVersion',
      ].sort(),
    );
  });

  it('creates a closed, unstarted transport from the factory', () => {
    const transport = entry.createCliTransport(buildTransportLaunch({}));
    expect(transport).toBeInstanceOf(entry.CliTransport);
    expect(transport.isOpen).toBe(false);
  });
});
