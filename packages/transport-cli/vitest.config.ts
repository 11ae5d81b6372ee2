import { packageTestConfig } from '../../vitest.shared.ts';

export default packageTestConfig({
  realCli: ['test/e2e/**'],
  // Starts over a hundred CLI processes, one after another and 50 at once.
  slow: ['test/reliability/lifecycle-process-handlers.test.ts'],
});
