import { createAgentPool } from '@hexagent/agent-pool';
import type { Options } from '@hexagent/sdk';
import { describeQuery } from './capture-shapes.js';
import type { ShapeSet } from './diff-shapes.js';

/**
 * The agent pool's query as a program gets it (`pool.query()`), described like the official
 * `query()`'s and compared with it (`pool:query`): a program written for a query gets one from the
 * pool too.
 */
export async function poolShapes(options: Options, queryNames: readonly (string | symbol)[]): Promise<ShapeSet> {
  const pool = createAgentPool({ options, maxConcurrent: 1 });
  try {
    const query = pool.query({ prompt: 'Say hi' });
    const shape = describeQuery(query, queryNames);
    for await (const _ of query);
    return { 'pool:query': shape };
  } finally {
    await pool.close();
  }
}
