import { mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

export default mergeConfig(shared, {
  test: {
    // The lifecycle reliability tests measure the heap after full collections (global.gc).
    execArgv: ['--expose-gc'],
  },
});
