/**
 * CliTransport against the transport conformance suite that every Transport must pass (both read
 * modes: `messages()` and `subscribe()`), with the stand-in CLI as the suite's echo peer.
 */
import { transportConformanceSuite } from '@hexagent/testing/conformance';
import { afterAll } from 'vitest';
import { standInCli } from './helpers/stand-in.js';
import { removeTempDirs } from './helpers/temp-dirs.js';
import { transportFor } from './helpers/transport-for.js';

const peer = standInCli({ echo: ['echo'] });
afterAll(removeTempDirs);

transportConformanceSuite('CliTransport (echo peer as the CLI)', () =>
  transportFor({ pathToClaudeCodeExecutable: peer }),
);
