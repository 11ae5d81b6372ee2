// Where a package's test time went: its slowest files from the vitest JSON report of its last run,
// each with its duration and when it started (seconds from the run's first file), and the run's span.
// The report times a file from its first test: a beforeAll before it (packaging's packs and installs)
// is not counted; vitest's own closing lines (the default reporter) have the whole file.
// Usage: node scripts/test-times.mjs packages/sdk [how many files, default 15]
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const [dir = '.', top = '15'] = process.argv.slice(2);
const report = JSON.parse(readFileSync(join(dir, '.vitest-report.json'), 'utf8'));
const files = report.testResults.map((file) => ({
  name: relative(resolve(dir), file.name),
  start: file.startTime,
  end: file.endTime,
  status: file.status,
}));
const first = Math.min(...files.map((file) => file.start));
const last = Math.max(...files.map((file) => file.end));
console.log(
  `${dir}: ${files.length} files, ${((last - first) / 1000).toFixed(0)} s from the first file's start to the last one's end`,
);
for (const file of files.sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, Number(top))) {
  const seconds = ((file.end - file.start) / 1000).toFixed(1).padStart(7);
  const at = ((file.start - first) / 1000).toFixed(0).padStart(4);
  console.log(`${seconds} s  started at ${at} s  ${file.status.padEnd(6)} ${file.name}`);
}
