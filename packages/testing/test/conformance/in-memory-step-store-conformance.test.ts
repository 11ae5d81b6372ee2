import { InMemoryStepStore } from '@hexagent/core';
import { stepStoreConformance } from '../../src/step-store-conformance-suite.js';

// One process's memory: nothing survives an instance, so the restart test is skipped (the stores run it).
stepStoreConformance('InMemoryStepStore', { create: () => new InMemoryStepStore(), persistent: false });
