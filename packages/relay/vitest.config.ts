import { packageTestConfig } from '../../vitest.shared.ts';

// Its files wait on sockets and real CLIs, not on the cores: two at once.
export default packageTestConfig({ realCli: ['test/e2e/**'], maxWorkers: 2 });
