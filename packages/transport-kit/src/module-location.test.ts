import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleLocation } from './module-location.js';

describe('moduleLocation', () => {
  it('is import.meta.url when the module has one', () => {
    expect(moduleLocation(import.meta.url)).toBe(import.meta.url);
  });

  it('without import.meta.url, is a file in the working directory in a plain ES module', () => {
    // A plain ES module under Node.js has no `__filename`: the working directory stands in.
    const dist = pathToFileURL(join(import.meta.dirname, '..', 'dist', 'module-location.js')).href;
    const printed = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', `import { moduleLocation } from '${dist}'; console.log(moduleLocation(''));`],
      { cwd: import.meta.dirname, encoding: 'utf8' },
    );
    expect(printed.trim()).toBe(join(import.meta.dirname, 'index.js'));
  });
});
