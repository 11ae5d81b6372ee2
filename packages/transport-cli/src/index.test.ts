import { buildTransportLaunch } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import * as entry from './index.js';

describe('@hexagent/transport-cli entry point', () => {
  it('exports the public API by name', () => {
    expect(Object.keys(entry).sort()).toEqual(
      [
        'BackpressureQueue',
        'BASE_CLI_ARGS',
        'CLI_SWITCH_FLAGS',
        'CliStderr',
        'ProcessSupervisor',
        'startCliCommand',
        'CliNotFoundError',
        'CliTransport',
        'DEFAULT_CLOSE_TIMEOUT_MS',
        'DEFAULT_HIGH_WATER_MARK',
        'DEFAULT_MAX_LINE_BYTES',
        'DEFAULT_STDERR_BUFFER_BYTES',
        'DEFAULT_STDERR_BUFFER_LINES',
        'ProcessError',
        'LineDecoder',
        'StderrRingBuffer',
        'buildCliArgs',
        'buildCliEnv',
        'definedEnv',
        'createCliTransport',
        'findClaudeCli',
        'locateClaudeCli',
        'cliConfigDirOf',
        'findCliEnvProblems',
        'REDACTED',
        'redactSecrets',
        'nodeCliLookupHost',
        'resolveCliCommand',
        'validateCliOptions',
        'SUPPORTED_CLI_VERSIONS',
        'UnsupportedCliVersionError',
        'compareVersions',
        'moduleLocation',
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
