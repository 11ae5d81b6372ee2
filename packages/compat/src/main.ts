/**
 * `pnpm compat:official [version] [flags]`: the catch-up report for an official release (default:
 * the newest on npm). See packages/compat/README.md.
 *
 *   --check               exit 1 on a new wire difference, a drift from the committed reference
 *                         recordings, a failed run or a type error (CI's mode)
 *   --pinned              the version hexagent mirrors (packages/drop-in's devDependency)
 *   --record-official     record the official SDK too (by default its side is the release's
 *                         committed recordings, when they are complete and of that release and CLI)
 *   --update-references   record both and write the official recordings as the release's reference
 *   --write-exports       rewrite packages/drop-in/official-exports.txt with the release's exports
 *   --scenario <name>     only this scenario (repeatable)
 *   --no-wire, --no-types, --no-shapes
 *                         skip the wire recording, the type-level checks, the runtime shapes
 *   --out <file>          also write the report to a file
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { catchUp } from './catch-up.js';
import { mirroredVersion, newestVersion } from './official-install.js';
import { problemsOf, renderReport } from './render-report.js';

const { values, positionals } = parseArgs({
  // `pnpm compat:official [version] -- --check` hands the `--` on: the flags after it are flags still.
  args: process.argv.slice(2).filter((arg, index, all) => !(arg === '--' && all.indexOf('--') === index)),
  allowPositionals: true,
  options: {
    check: { type: 'boolean', default: false },
    pinned: { type: 'boolean', default: false },
    'update-references': { type: 'boolean', default: false },
    'record-official': { type: 'boolean', default: false },
    'write-exports': { type: 'boolean', default: false },
    scenario: { type: 'string', multiple: true },
    'no-wire': { type: 'boolean', default: false },
    'no-types': { type: 'boolean', default: false },
    'no-shapes': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});

const log = (line: string) => process.stderr.write(`compat: ${line}\n`);
const version = values.pinned ? mirroredVersion() : (positionals[0] ?? (await newestVersion()));
const result = await catchUp({
  version,
  wire: !values['no-wire'],
  types: !values['no-types'],
  shapes: !values['no-shapes'],
  updateReferences: values['update-references'],
  recordOfficial: values['record-official'],
  writeExports: values['write-exports'],
  ...(values.scenario ? { scenarios: values.scenario } : {}),
  log,
});
const report = renderReport(result);
process.stdout.write(report);
if (values.out) writeFileSync(values.out, report);
const problems = problemsOf(result);
if (values.check && problems.length > 0) {
  log(`failing (--check): ${problems.join('; ')}`);
  process.exitCode = 1;
}
