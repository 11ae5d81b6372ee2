import { packageTestConfig } from '../../vitest.shared.ts';

// Needs the real Claude Code CLI (installed from npm into the temporary app) and npm itself.
export default packageTestConfig({ realCli: ['test/**'] });
