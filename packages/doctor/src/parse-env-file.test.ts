import { describe, expect, it } from 'vitest';
import { parseEnvFile } from './parse-env-file.js';

describe('parseEnvFile', () => {
  it('reads NAME=value lines, export, comments, quotes and escapes', () => {
    const text = [
      '# a comment',
      '',
      'A=1',
      'export B = two words # trailing comment',
      'C="quoted # not a comment"',
      "D='single $ \\n kept'",
      'E="line\\nbreak \\"q\\""',
      'F="first',
      'second"',
      'not a variable',
      'G=',
    ].join('\n');
    expect(parseEnvFile(`\uFEFF${text}`)).toEqual({
      A: '1',
      B: 'two words',
      C: 'quoted # not a comment',
      D: 'single $ \\n kept',
      E: 'line\nbreak "q"',
      F: 'first\nsecond',
      G: '',
    });
  });

  it('reads Windows line ends', () => {
    expect(parseEnvFile('A=1\r\nB="x"\r\n')).toEqual({ A: '1', B: 'x' });
  });
});
