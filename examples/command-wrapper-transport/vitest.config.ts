import { packageTestConfig } from '../../vitest.shared.ts';

export default packageTestConfig({ realCli: ['test/real-cli.test.ts', 'test/ssh-real-cli.test.ts'] });
