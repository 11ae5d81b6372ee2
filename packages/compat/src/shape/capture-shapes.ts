import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Hexagent from '@hexagent/sdk';
import { hermeticCliEnv, ScriptedModelServer, text } from '@hexagent/testing';
import { kindOf } from '../wire/scenario.js';
import type { ShapeSet } from './diff-shapes.js';
import { type DescribeOptions, describeShape, type ObjectShape } from './object-shape.js';

/** What the shape capture uses of an SDK: the official module and `@hexagent/sdk` both have it. */
export type ShapeSdk = Pick<typeof Hexagent, 'query' | 'startup' | 'prewarm' | 'AbortError'>;

/** The members of a query every SDK must place alike: the official `Query`'s, and the async-generator protocol. */
export function queryMemberNames(declared: readonly string[]): (string | symbol)[] {
  return [...declared, 'next', 'return', 'throw', Symbol.asyncIterator, Symbol.asyncDispose];
}

/** The members of an error compared besides its own enumerable ones. */
const ERROR_MEMBERS = ['name', 'message', 'stack', 'cause', 'code'] as const;

/** A query's shape: `names` placed alike, its async iterator called (it only returns the generator). */
export function describeQuery(query: object, names: readonly (string | symbol)[]): ObjectShape {
  return describeShape(query, names, { callAsyncIterator: true });
}

const DATA: DescribeOptions = { ownEnumerable: true };

/**
 * Runs `sdk` against the real CLI at `cliPath` and a scripted model, and describes what a program
 * gets: `query` (a string-prompt `query()`), each kind of message it yields (`message:<kind>`),
 * `warm-query` (what `startup()` resolves with) and `warm-query.query()` (its Query),
 * `spare-process` (what `prewarm()` resolves with), `abort-error` (`new AbortError('...')`) and
 * `abort-error-thrown` (what a query's iteration throws after its `abortController` aborted).
 * `extra` adds objects of the caller's (the agent pool's queries) made with the same options.
 */
export async function captureShapes(
  sdk: ShapeSdk,
  cliPath: string,
  queryNames: readonly (string | symbol)[],
  extra?: (options: Hexagent.Options) => Promise<ShapeSet>,
): Promise<ShapeSet> {
  const server = await ScriptedModelServer.start((request) =>
    JSON.stringify(request.body.messages ?? []).includes('Count slowly')
      ? { content: [text('1, 2, 3')], delayMs: 30_000 }
      : { content: [text('hi')] },
  );
  const hermetic = await hermeticCliEnv({ baseUrl: server.url });
  try {
    const cwd = join(hermetic.homeDir, 'project');
    await mkdir(cwd, { recursive: true });
    const options: Hexagent.Options = { pathToClaudeCodeExecutable: cliPath, env: hermetic.env, cwd };
    const shapes: Record<string, ObjectShape> = {};

    const query = sdk.query({ prompt: 'Say hi', options });
    shapes.query = describeQuery(query, queryNames);
    for await (const message of query) shapes[`message:${kindOf(message)}`] ??= describeShape(message, [], DATA);

    const warm = await sdk.startup({ options });
    shapes['warm-query'] = describeShape(warm, [], DATA);
    const warmQuery = warm.query('Say hi');
    shapes['warm-query.query()'] = describeQuery(warmQuery, queryNames);
    for await (const _ of warmQuery);

    const spare = await sdk.prewarm({ options });
    shapes['spare-process'] = describeShape(spare, [], DATA);
    await spare[Symbol.asyncDispose]();

    const classes = { AbortError: sdk.AbortError };
    shapes['abort-error'] = describeShape(new sdk.AbortError('stopped'), ERROR_MEMBERS, { ...DATA, classes });
    const abortController = new AbortController();
    const aborted = sdk.query({ prompt: 'Count slowly', options: { ...options, abortController } });
    try {
      for await (const message of aborted) if (message.type === 'system') abortController.abort();
    } catch (error) {
      if (typeof error === 'object' && error !== null) {
        shapes['abort-error-thrown'] = describeShape(error, ERROR_MEMBERS, { ...DATA, classes });
      }
    }
    if (extra !== undefined) Object.assign(shapes, await extra(options));
    return shapes;
  } finally {
    await server.close();
    await hermetic.cleanup();
  }
}
