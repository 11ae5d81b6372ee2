/**
 * `Symbol.asyncDispose`, or the well-known registry symbol the TypeScript and core-js polyfills
 * use on runtimes that predate it, so `await using` works on every supported Node version.
 */
export const asyncDispose: typeof Symbol.asyncDispose =
  (Symbol as { asyncDispose?: typeof Symbol.asyncDispose }).asyncDispose ??
  (Symbol.for('Symbol.asyncDispose') as typeof Symbol.asyncDispose);
