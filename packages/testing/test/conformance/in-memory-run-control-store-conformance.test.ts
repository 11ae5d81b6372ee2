import { InMemoryRunControlStore } from '@hexagent/core';
import { runControlStoreConformance } from '../../src/run-control-store-conformance-suite.js';

runControlStoreConformance('InMemoryRunControlStore', { create: () => new InMemoryRunControlStore() });
