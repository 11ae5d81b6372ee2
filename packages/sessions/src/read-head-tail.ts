import { open } from 'node:fs/promises';

/** Bytes read from each end of a transcript to list it, as the official SDK reads: 64 KiB. */
export const HEAD_TAIL_BYTES = 65_536;

/** The first and last 64 KiB of a transcript (the same text when it is shorter), with its stats. */
export type HeadTail = { head: string; tail: string; mtime: number; size: number };

/**
 * Reads at most 64 KiB from each end of `path`: the memory a listing needs does not grow with
 * the transcript. `null` for a missing, empty or non-regular file.
 */
export async function readHeadTail(path: string): Promise<HeadTail | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch {
    return null;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return null;
    const buffer = Buffer.allocUnsafe(HEAD_TAIL_BYTES);
    const headBytes = await fill(handle, buffer, 0);
    if (headBytes === 0) return null;
    const head = buffer.toString('utf8', 0, headBytes);
    const tailStart = Math.max(0, stats.size - HEAD_TAIL_BYTES);
    const tail = tailStart > 0 ? buffer.toString('utf8', 0, await fill(handle, buffer, tailStart)) : head;
    return { head, tail, mtime: stats.mtime.getTime(), size: stats.size };
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

async function fill(handle: Awaited<ReturnType<typeof open>>, buffer: Buffer, position: number): Promise<number> {
  let read = 0;
  while (read < buffer.length) {
    const { bytesRead } = await handle.read(buffer, read, buffer.length - read, position + read);
    if (bytesRead <= 0) break;
    read += bytesRead;
  }
  return read;
}
