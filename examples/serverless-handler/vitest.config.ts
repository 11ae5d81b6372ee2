import { packageTestConfig } from '../../vitest.shared.ts';

// The test runs the bundle against the real Claude Code CLI behind a relay.
export default packageTestConfig({ realCli: ['test/**'] });
