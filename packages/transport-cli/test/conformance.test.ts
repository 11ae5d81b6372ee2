/**
 * CliTransport against the transport conformance suite that every Transport must pass (both read
 * modes: `messages()` and `subscribe()`), with the suite's echo peer installed as the CLI.
 */
import { transportConformanceSuite } from '@hexagent/testing/conformance';
import { afterAll } from 'vitest';
import { CliTransport } from '../src/cli-transport.js';
import { installFakeCli, removeTempDirs } from './helpers/fake-cli.js';

const peer = installFakeCli('echo-peer');
afterAll(removeTempDirs);

transportConformanceSuite(
  'CliTransport (echo peer as the CLI)',
  () => new CliTransport({ pathToClaudeCodeExecutable: peer }),
);
