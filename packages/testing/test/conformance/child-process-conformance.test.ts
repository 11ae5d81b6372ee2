import { afterAll } from 'vitest';
import { installStandInCli } from '../../dist/stand-in-cli.js';
import { transportConformanceSuite } from '../../src/transport-conformance-suite.js';
import { ChildProcessTransport } from './child-process-transport.js';

/** The suite's echo peer: the stand-in CLI answering `initialize` and echoing `echo` messages. */
const peer = installStandInCli({ echo: ['echo'] });
afterAll(() => peer.remove());

transportConformanceSuite(
  'ChildProcessTransport (stand-in CLI as the echo peer)',
  () => new ChildProcessTransport(process.execPath, [peer.path]),
);
