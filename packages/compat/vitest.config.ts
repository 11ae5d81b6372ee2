import { packageTestConfig } from '../../vitest.shared.ts';

export default packageTestConfig({
  // The whole command against the pinned release: the real CLI, both SDKs, every scenario.
  realCli: ['test/**/*.test.ts'],
  // tsc over packages/drop-in (~30-60 s).
  slow: ['src/equals-check.test.ts'],
});
