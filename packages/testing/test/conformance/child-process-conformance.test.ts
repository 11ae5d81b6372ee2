import { fileURLToPath } from 'node:url';
import { transportConformanceSuite } from '../../src/transport-conformance-suite.js';
import { ChildProcessTransport } from './child-process-transport.js';

const peer = fileURLToPath(new URL('./echo-peer.mjs', import.meta.url));

transportConformanceSuite(
  'ChildProcessTransport (node echo peer)',
  () => new ChildProcessTransport(process.execPath, [peer]),
);
