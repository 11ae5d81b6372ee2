/**
 * docs/contributing-a-transport.md walks through this example: every code block there is marked
 * with the file it is quoted from and must appear in that file verbatim, so the walkthrough cannot
 * drift from the code its tests run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const doc = readFileSync(join(root, 'docs', 'contributing-a-transport.md'), 'utf8');
const MARKED = /<!-- snippet: (\S+) -->\n```ts\n([\s\S]*?)```/g;
const snippets = [...doc.matchAll(MARKED)].map(([, file, code]) => ({ file: file as string, code: code as string }));

describe('the walkthrough in docs/contributing-a-transport.md', () => {
  it('marks every code block with the example file it is quoted from', () => {
    const blocks = doc.match(/```ts\n/g) ?? [];
    expect(snippets.length).toBeGreaterThan(5);
    expect(snippets.length).toBe(blocks.length);
    for (const { file } of snippets) expect(file).toMatch(/^examples\/command-wrapper-transport\//);
  });

  it.each(snippets.map((snippet, index) => [index + 1, snippet.file, snippet.code] as const))(
    'snippet %i appears verbatim in %s',
    (_index, file, code) => {
      expect(readFileSync(join(root, file), 'utf8')).toContain(code);
    },
  );
});
