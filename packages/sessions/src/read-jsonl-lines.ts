import { open } from 'node:fs/promises';

/** One non-blank line of a JSONL file and where its bytes are. */
export type JsonlLine = { text: string; offset: number; length: number };

const CHUNK_BYTES = 1 << 20;

/**
 * The non-blank lines of a JSONL file, streamed in 1 MiB chunks with their byte offsets, so a
 * caller can index a transcript of any size and re-read only the lines it needs. Memory is one
 * chunk plus the longest line.
 */
export async function* readJsonlLines(path: string): AsyncGenerator<JsonlLine> {
  const handle = await open(path, 'r');
  try {
    let carry = Buffer.alloc(0);
    let carryOffset = 0;
    let position = 0;
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
      if (bytesRead <= 0) break;
      const data =
        carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
      const dataOffset = carry.length > 0 ? carryOffset : position;
      position += bytesRead;
      let start = 0;
      for (let nl = data.indexOf(10, start); nl >= 0; nl = data.indexOf(10, start)) {
        const line = lineAt(data, start, nl, dataOffset);
        if (line) yield line;
        start = nl + 1;
      }
      carry = Buffer.from(data.subarray(start));
      carryOffset = dataOffset + start;
    }
    const last = lineAt(carry, 0, carry.length, carryOffset);
    if (last) yield last;
  } finally {
    await handle.close();
  }
}

/** Re-reads the given lines (as {@link readJsonlLines} reported them) through one file handle. */
export async function readLinesAt(
  path: string,
  lines: ReadonlyArray<{ offset: number; length: number }>,
): Promise<string[]> {
  const handle = await open(path, 'r');
  try {
    const texts: string[] = [];
    for (const { offset, length } of lines) {
      const buffer = Buffer.allocUnsafe(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      texts.push(buffer.toString('utf8', 0, bytesRead));
    }
    return texts;
  } finally {
    await handle.close();
  }
}

function lineAt(data: Buffer, start: number, end: number, base: number): JsonlLine | undefined {
  let from = start;
  while (from < end && (data[from] ?? 0) <= 32) from++;
  if (from >= end) return undefined;
  return { text: data.toString('utf8', from, end), offset: base + from, length: end - from };
}
