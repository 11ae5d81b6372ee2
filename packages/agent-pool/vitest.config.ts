import { packageTestConfig } from '../../vitest.shared.ts';

export default packageTestConfig({
  realCli: ['test/e2e/**'],
  // Its end-to-end files mostly wait on real CLIs: two at once.
  maxWorkers: 2,
});
