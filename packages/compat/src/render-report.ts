import type { CatchUpResult, WireResult } from './catch-up.js';
import type { ShapeResult } from './shape/compare-shapes.js';
import type { SurfaceChange } from './surface/diff-surfaces.js';
import { SURFACE_SECTIONS } from './surface/dts-surface.js';
import type { WireDifference } from './wire/diff-recordings.js';

/** The report `pnpm compat:official` prints: plain text, Markdown headings. */
export function renderReport(result: CatchUpResult): string {
  const { install, mirrored } = result;
  const out: string[] = [
    `# Catching up with @anthropic-ai/claude-agent-sdk ${install.version} (Claude Code ${install.cliVersion})`,
    '',
    `hexagent mirrors ${mirrored} (packages/drop-in). SDK from ${install.sources.sdk}; CLI from ${install.sources.cli}.`,
    '',
    ...renderExports(result),
    ...renderSurface(result.surfaceChanges, mirrored, install.version),
    ...renderEquals(result),
    ...(result.shapes ? renderShapes(result.shapes) : ['## Runtime shapes', '', 'not compared (--no-shapes)', '']),
    ...(result.wire
      ? renderWire(result.wire, mirrored, install.version)
      : ['## Wire', '', 'not recorded (--no-wire)', '']),
    ...renderSummary(result),
  ];
  return `${out.join('\n')}\n`;
}

/** The counts that decide `--check`'s exit code. */
export function problemsOf(result: CatchUpResult): string[] {
  const problems: string[] = [];
  const wire = result.wire;
  if (wire) {
    const fresh = wire.hexagent.filter((difference) => difference.accepted === undefined).length;
    if (fresh > 0) problems.push(`${fresh} new wire difference(s) between hexagent and the official SDK`);
    if (wire.againstOwnReference && wire.againstOwnReference.length > 0) {
      problems.push(`${wire.againstOwnReference.length} difference(s) from the committed reference recordings`);
    }
    if (wire.failures.length > 0) problems.push(`${wire.failures.length} scenario run(s) failed`);
    if (wire.referenceProblems.length > 0) {
      problems.push(
        `the committed official recordings do not match the pinned release (${wire.referenceProblems.join('; ')})`,
      );
    }
  }
  const shapes = result.shapes?.differences.filter((difference) => difference.accepted === undefined).length ?? 0;
  if (shapes > 0) problems.push(`${shapes} new runtime shape difference(s) between hexagent and the official SDK`);
  if (result.equals && !result.equals.ok) problems.push(`${result.equals.errors.length} type-level check error(s)`);
  return problems;
}

function renderExports({ exports, mirrored, install }: CatchUpResult): string[] {
  const names = (list: Array<{ name: string; kind: string }>) => list.map((entry) => `${entry.kind} ${entry.name}`);
  return [
    '## Exported names',
    '',
    `Against ${mirrored} (packages/drop-in/official-exports.txt):`,
    ...bullets('added', names(exports.added)),
    ...bullets('removed', names(exports.removed)),
    ...bullets(
      'kind changed',
      exports.kindChanged.map((entry) => `${entry.name}: ${entry.before} → ${entry.after}`),
    ),
    '',
    `Against @hexagent/sdk: it exports ${exports.provided} of the ${exports.total} names of ${install.version}.`,
    ...bullets('not exported and no note in export-notes.json', exports.missingInHexagent),
    ...bullets('notes for names the release no longer has', exports.staleNotes),
    '',
  ];
}

function renderSurface(changes: SurfaceChange[], mirrored: string, version: string): string[] {
  const out = [`## d.ts: ${version} against ${mirrored}`, ''];
  if (mirrored === version) return [...out, `(the same version: nothing to compare)`, ''];
  for (const { key, title } of SURFACE_SECTIONS) {
    if (key === 'exports') continue;
    const section = changes.filter((change) => change.section === key);
    out.push(`### ${title}`, '');
    if (section.length === 0) out.push('no change');
    for (const change of section) {
      if (change.kind === 'added') out.push(`+ ${change.key}: ${change.after ?? ''}`);
      else if (change.kind === 'removed') out.push(`- ${change.key}: ${change.before ?? ''}`);
      else {
        out.push(
          `~ ${change.key}${change.before !== undefined ? `: ${textDelta(change.before, change.after ?? '')}` : ''}`,
        );
        for (const member of change.members ?? []) {
          if (member.kind === 'added') out.push(`    + ${member.after}`);
          else if (member.kind === 'removed') out.push(`    - ${member.before}`);
          else out.push(`    ~ ${member.name}: ${textDelta(member.before ?? '', member.after ?? '')}`);
        }
      }
    }
    out.push('');
  }
  return out;
}

function renderEquals({ equals, install }: CatchUpResult): string[] {
  const out = [`## Type-level checks (packages/drop-in against ${install.version})`, ''];
  if (!equals) return [...out, 'not run (--no-types)', ''];
  if (equals.ok) return [...out, 'every check passes', ''];
  return [...out, `${equals.errors.length} error(s):`, ...equals.errors.map((error) => `- ${error}`), ''];
}

function renderShapes(shapes: ShapeResult): string[] {
  const fresh = shapes.differences.filter((difference) => difference.accepted === undefined);
  const accepted = shapes.differences.filter((difference) => difference.accepted !== undefined);
  const objects = Object.keys(shapes.hexagent).sort();
  const out = [
    '## Runtime shapes: what a program sees of each object, hexagent against the official',
    '',
    `Objects: ${objects.join(', ')} (the pool's compared with the official \`query\`).`,
    '',
    `### New differences (${fresh.length})`,
    '',
    ...(fresh.length === 0 ? ['none'] : fresh.flatMap(differenceLines)),
    '',
    `### Accepted differences (${accepted.length}, the \`shape/\` entries of packages/compat/accepted-differences.json)`,
    '',
    ...(accepted.length === 0 ? ['none'] : accepted.map((difference) => `- ${difference.id}: ${difference.text}`)),
    '',
  ];
  if (shapes.unusedAccepted.length > 0) {
    out.push(
      `Accepted entries no difference matched (remove them): ${shapes.unusedAccepted.map((entry) => entry.id).join(', ')}`,
      '',
    );
  }
  return out;
}

function renderWire(wire: WireResult, mirrored: string, version: string): string[] {
  const fresh = wire.hexagent.filter((difference) => difference.accepted === undefined);
  const accepted = wire.hexagent.filter((difference) => difference.accepted !== undefined);
  const out = [
    `## Wire: hexagent against the official ${version}, same CLI, ${wire.scenarios.length} scenarios`,
    '',
    `Scenarios: ${wire.scenarios.join(', ')}.`,
    '',
    ...(wire.referenceProblems.length > 0
      ? ['Committed official recordings not usable:', ...wire.referenceProblems.map((problem) => `- ${problem}`), '']
      : []),
    ...(wire.failures.length > 0 ? ['Failed runs:', ...wire.failures.map((failure) => `- ${failure}`), ''] : []),
    `### New differences (${fresh.length})`,
    '',
    ...(fresh.length === 0 ? ['none'] : fresh.flatMap(differenceLines)),
    '',
    `### Accepted differences (${accepted.length}, packages/compat/accepted-differences.json)`,
    '',
    ...(accepted.length === 0
      ? ['none']
      : accepted.map((difference) => `- ${difference.id}: ${difference.accepted ?? ''}`)),
    '',
  ];
  if (wire.unusedAccepted.length > 0) {
    out.push(
      `Accepted entries no difference matched (remove them): ${wire.unusedAccepted.map((entry) => entry.id).join(', ')}`,
      '',
    );
  }
  out.push(`### The official ${version} against its committed reference recordings`, '');
  if (!wire.officialRecorded) {
    out.push(
      `not re-recorded: the official side is the committed recordings of official ${version} (--record-official records both SDKs and compares)`,
    );
  } else if (wire.againstOwnReference === undefined) {
    out.push(`no reference for ${version} yet (packages/compat/recordings/${version}): run with --update-references`);
  } else if (wire.againstOwnReference.length === 0) out.push('the same');
  else out.push(...wire.againstOwnReference.flatMap(differenceLines));
  out.push('');
  if (mirrored !== version) {
    out.push(`### What ${version} changed on the wire (against the reference of ${mirrored})`, '');
    if (wire.againstMirrored === undefined) out.push(`no reference recordings of ${mirrored}`);
    else if (wire.againstMirrored.length === 0) out.push('nothing');
    else out.push(...wire.againstMirrored.flatMap(differenceLines));
    out.push('');
  }
  if (wire.referencesWritten) out.push(`References written to ${wire.referencesWritten}.`, '');
  return out;
}

function renderSummary(result: CatchUpResult): string[] {
  const problems = problemsOf(result);
  const todo = [
    ...(result.exports.missingInHexagent.length > 0
      ? [`${result.exports.missingInHexagent.length} official name(s) to export or explain`]
      : []),
    ...(result.surfaceChanges.length > 0 ? [`${result.surfaceChanges.length} d.ts change(s) to mirror`] : []),
  ];
  return [
    '## Summary',
    '',
    ...(problems.length === 0 ? ['no new wire difference, no reference drift, no type error'] : problems),
    ...todo,
  ];
}

function differenceLines(difference: WireDifference): string[] {
  return [`- ${difference.id}`, `    ${difference.text}`];
}

function bullets(title: string, items: string[]): string[] {
  return items.length === 0 ? [] : [`- ${title} (${items.length}): ${items.join(', ')}`];
}

/**
 * A long change shown as its differing middle with some context: `…ab[-c-]{+d+}ef…`. Short texts
 * are shown whole, before → after.
 */
export function textDelta(before: string, after: string, context = 30): string {
  if (before.length + after.length <= 160) return `${before} → ${after}`;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end++;
  }
  const lead = start > context ? `…${before.slice(start - context, start)}` : before.slice(0, start);
  const removed = before.slice(start, before.length - end);
  const added = after.slice(start, after.length - end);
  const tail = before.slice(before.length - end);
  const trail = tail.length > context ? `${tail.slice(0, context)}…` : tail;
  return `${lead}${removed ? `[-${removed}-]` : ''}${added ? `{+${added}+}` : ''}${trail}`;
}
