import { findRedisServer, startRedisServer } from '@hexagent/testing/servers';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the test redis-server, or '' when none could run (the tests then skip). */
    redisUrl: string;
    /** The redis-server binary, or ''. */
    redisBinary: string;
  }
}

const inCi = (value: string | undefined) => value !== undefined && value !== '' && value !== '0' && value !== 'false';

/** Starts a throwaway redis-server for the run; without one, skips (or, in CI, fails). */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const binary = findRedisServer();
  if (binary === undefined) {
    const message =
      'The Redis adapter tests did not run: redis-server is not on PATH. Install it (apt-get install redis-server) to run them.';
    if (inCi(process.env['CI'])) throw new Error(`${message} In CI this is a failure.`);
    console.warn(`\n${message}\n`);
    project.provide('redisUrl', '');
    project.provide('redisBinary', '');
    return undefined;
  }
  const redis = await startRedisServer({ binary });
  project.provide('redisUrl', redis.url);
  project.provide('redisBinary', binary);
  return () => redis.stop();
}
