import { packageTestConfig } from '../../vitest.shared.ts';

// The large-transcripts test measures what a listing holds after full collections (global.gc).
export default packageTestConfig({ execArgv: ['--expose-gc'] });
