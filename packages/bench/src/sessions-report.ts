/** The session-function table of the bench report. */
import { fmt, times } from './format.js';
import { SESSIONS_BENCH, sessionsMedian } from './runner.js';
import type { SessionsResult, SessionsWhat } from './sessions-bench.js';
import { verdict } from './targets.js';

/** The bound on the peak RSS of a process listing 1,000 transcripts of 1 MiB, MiB. */
export const LIST_PEAK_RSS_TARGET_MB = 120;

/** The lines of the session-function table: time and memory, hexagent against the official SDK. */
export function renderSessions(sessions: readonly SessionsResult[], runs: number): string[] {
  const listed = sessions.find((entry) => entry.what === 'list')?.count ?? 0;
  const lines = [
    `Session functions on generated transcripts (${listed} sessions of ${fmt(SESSIONS_BENCH.bytesEach / 2 ** 20, 0)} MiB; ` +
      `a ${SESSIONS_BENCH.longEntries.toLocaleString('en')}-entry transcript): medians of ${runs} fresh processes each.`,
    '',
    '| session functions | hexagent | official | hexagent / official |',
    '|---|--:|--:|--:|',
  ];
  const rows: [string, SessionsWhat, 'ms' | 'maxRssMb' | 'growth'][] = [
    [`listSessions over ${listed} sessions, ms`, 'list', 'ms'],
    ['listSessions, peak RSS of the process, MiB', 'list', 'maxRssMb'],
    ['listSessions, peak RSS above the RSS after import, MiB', 'list', 'growth'],
    ['getSessionMessages, page of 100 at offset 5,000, ms', 'page', 'ms'],
    ['getSessionMessages, peak RSS above the RSS after import, MiB', 'page', 'growth'],
  ];
  for (const [label, what, value] of rows) {
    const read = (client: 'hexagent' | 'official') =>
      value === 'growth'
        ? sessionsMedian(sessions, client, what, 'maxRssMb') - sessionsMedian(sessions, client, what, 'rssBeforeMb')
        : sessionsMedian(sessions, client, what, value);
    const h = read('hexagent');
    const o = read('official');
    lines.push(`| ${label} | ${fmt(h, 1)} | ${fmt(o, 1)} | ${times(h / o)} |`);
  }
  const ms = (client: 'hexagent' | 'official') => sessionsMedian(sessions, client, 'list', 'ms');
  const rss = sessionsMedian(sessions, 'hexagent', 'list', 'maxRssMb');
  const met = ms('hexagent') <= ms('official') && rss <= LIST_PEAK_RSS_TARGET_MB;
  lines.push(
    '',
    `Target (issue 28): listSessions at most the official's time, with a peak RSS of the whole process of at most ` +
      `${LIST_PEAK_RSS_TARGET_MB} MiB: ${times(ms('hexagent') / ms('official'))} the official's time, ` +
      `${fmt(rss, 1)} MiB peak (official ${fmt(sessionsMedian(sessions, 'official', 'list', 'maxRssMb'), 1)}): ` +
      `${verdict(met)}. Each reading is a fresh process (\`process.resourceUsage().maxRSS\` after the call), ` +
      'the two SDKs alternating on the same files.',
  );
  return lines;
}
