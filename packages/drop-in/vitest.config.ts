import { packageTestConfig } from '../../vitest.shared.ts';

// The official-refusals table runs the official SDK and hexagent against the real CLI.
export default packageTestConfig({ realCli: ['test/official-refusals.test.ts'] });
