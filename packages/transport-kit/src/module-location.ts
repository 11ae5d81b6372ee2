import { join } from 'node:path';

/**
 * Where the calling module is, for `createRequire` and `node_modules` lookups: its
 * `import.meta.url`, passed in. In an app bundled to CommonJS, bundlers leave `import.meta.url`
 * undefined; there the bundle's own file (`__filename`) stands in, else a file in the working
 * directory.
 *
 * @example
 * ```ts
 * const require = createRequire(moduleLocation(import.meta.url));
 * ```
 */
export function moduleLocation(importMetaUrl: string | undefined): string {
  if (typeof importMetaUrl === 'string' && importMetaUrl !== '') return importMetaUrl;
  // An ES module has no `__filename` (typeof is safe on an undeclared name); a CommonJS bundle does.
  if (typeof __filename === 'string') return __filename;
  return join(process.cwd(), 'index.js');
}
