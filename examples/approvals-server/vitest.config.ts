import { packageTestConfig } from '../../vitest.shared.ts';

// The one test runs the real CLI and a headless Chromium.
export default packageTestConfig({ realCli: ['test/**'] });
