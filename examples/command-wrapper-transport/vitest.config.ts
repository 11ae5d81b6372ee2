import { packageTestConfig } from '../../vitest.shared.ts';

// Its files wait on ssh, sshd and the real CLI, each with its own sshd: two at once.
export default packageTestConfig({
  realCli: ['test/real-cli.test.ts', 'test/ssh-real-cli.test.ts'],
  maxWorkers: 2,
});
