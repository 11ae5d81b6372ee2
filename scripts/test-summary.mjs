// Sums the vitest JSON reports of every workspace package into one closing line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const group of ['packages', 'examples']) {
  if (!existsSync(group)) continue;
  for (const name of readdirSync(group)) {
    const file = join(group, name, '.vitest-report.json');
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
