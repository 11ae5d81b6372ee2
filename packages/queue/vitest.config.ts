import { defineConfig, mergeConfig } from 'vitest/config';
import { packageTestConfig } from '../../vitest.shared.ts';

// One throwaway PostgreSQL for the whole run (test/global-setup.ts); test/e2e runs the real CLI.
export default defineConfig((env) =>
  mergeConfig(packageTestConfig({ realCli: ['test/e2e/**'] })(env), {
    test: { globalSetup: ['test/global-setup.ts'] },
  }),
);
