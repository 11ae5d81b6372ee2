import { packageTestConfig } from '../../vitest.shared.ts';

export default packageTestConfig({
  realCli: [
    'test/e2e/**',
    'test/reliability/faults-security.test.ts',
    'test/reliability/faults-user-code.test.ts',
    'test/reliability/lifecycle-{app-killed,interrupt,long-tool,many-real,parent-exit,shared-mcp-server,teardown}.test.ts',
  ],
  // The lifecycle reliability tests measure the heap after full collections (global.gc).
  execArgv: ['--expose-gc'],
  // Its files mostly wait on the real CLI (one waits 90 s on a silent tool): three at once. Four
  // saturated the 2 cores beside another package (real CLI starts are CPU-heavy), load 9-13.
  maxWorkers: 3,
  // The silent 90 s tool starts first, so that it overlaps the other files rather than ending the run alone.
  runFirst: ['test/reliability/lifecycle-long-tool.test.ts'],
});
