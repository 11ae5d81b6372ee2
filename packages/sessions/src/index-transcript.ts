import { type ChainEntry, chainEntryOf } from './chain-entry.js';
import { DeliveryLedger } from './delivery-ledger.js';
import { readJsonlLines } from './read-jsonl-lines.js';

/** A transcript's chain entries in file order, and which queued prompts the CLI delivered. */
export type TranscriptIndex = { entries: ChainEntry[]; delivered: Map<string, number> };

/** The yield interval, in lines, so indexing a huge transcript does not starve the event loop. */
const YIELD_EVERY = 8192;

/**
 * Streams a transcript file and keeps only the chain fields of its entries and where each line
 * is: memory grows with the number of entries, not with their content. Malformed lines are
 * skipped, as the CLI skips them.
 */
export async function indexTranscript(path: string): Promise<TranscriptIndex> {
  const entries: ChainEntry[] = [];
  const ledger = new DeliveryLedger();
  let count = 0;
  for await (const line of readJsonlLines(path)) {
    if (++count % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    let parsed: unknown;
    try {
      parsed = JSON.parse(line.text);
    } catch {
      continue;
    }
    if (typeof parsed === 'object' && parsed !== null) ledger.note(parsed as Record<string, unknown>);
    const entry = chainEntryOf(parsed);
    if (entry === undefined) continue;
    entry.offset = line.offset;
    entry.length = line.length;
    entries.push(entry);
  }
  return { entries, delivered: ledger.delivered() };
}
