import { InMemoryApprovalStore } from '@hexagent/core';
import { approvalStoreConformance } from '../../src/approval-store-conformance-suite.js';

// One process's memory: the two-process race is skipped (the PostgreSQL and Redis stores run it).
approvalStoreConformance('InMemoryApprovalStore', { create: () => new InMemoryApprovalStore() });
