import { packageTestConfig } from '../../vitest.shared.ts';

export default packageTestConfig({ realCli: ['test/e2e/**'] });
