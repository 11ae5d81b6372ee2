import { defineConfig, mergeConfig } from 'vitest/config';
import { packageTestConfig } from '../../vitest.shared.ts';

// One throwaway PostgreSQL for the whole run (test/global-setup.ts), each file's queues named apart;
// test/e2e runs the real CLI, whose files wait on it: two at once.
export default defineConfig((env) =>
  mergeConfig(packageTestConfig({ realCli: ['test/e2e/**'], maxWorkers: 2 })(env), {
    test: { globalSetup: ['test/global-setup.ts'] },
  }),
);
