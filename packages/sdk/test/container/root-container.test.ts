/**
 * query() without a container skips tsyringe while nobody has loaded it (docs/performance.md,
 * lazy loading), and honours the application's registrations once it has: an app that loads
 * tsyringe itself (by `import` or `require`) and registers a transport on tsyringe's root container
 * gets that transport. Each case runs the built SDK in a fresh process, where the module cache is
 * the application's, not vitest's.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./root-container-child.mjs', import.meta.url));

describe("an application's registrations on tsyringe's root container", () => {
  it.each(['import', 'require'])(
    'are used by query() without a container when the app loaded tsyringe by %s',
    async (how) => {
      const { stdout } = await run(process.execPath, [CHILD, how], { timeout: 30_000 });
      expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({ calls: 1 });
    },
  );
});
