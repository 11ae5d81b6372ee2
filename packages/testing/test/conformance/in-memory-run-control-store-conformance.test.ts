import { InMemoryRunControlStore } from '@hexagent/core';
import { runControlStoreConformance } from '../../src/run-control-store-conformance-suite.js';

// One process's memory: nothing survives an instance, so the restart test is skipped (the stores run it).
runControlStoreConformance('InMemoryRunControlStore', {
  create: () => new InMemoryRunControlStore(),
  persistent: false,
});
