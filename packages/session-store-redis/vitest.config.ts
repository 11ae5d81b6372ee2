import { defineConfig, mergeConfig } from 'vitest/config';
import { packageTestConfig } from '../../vitest.shared.ts';

// One throwaway redis-server for the whole run (test/global-setup.ts).
export default defineConfig((env) =>
  mergeConfig(packageTestConfig()(env), { test: { globalSetup: ['test/global-setup.ts'] } }),
);
