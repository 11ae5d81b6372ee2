import { InMemorySessionStore } from '@hexagent/core';
import { sessionStoreConformance } from '../../src/session-store-conformance-suite.js';

// Like the official one, the in-memory store appends every entry as given (no uuid dedupe).
sessionStoreConformance('InMemorySessionStore', { create: () => new InMemorySessionStore(), uuidIdempotent: false });
