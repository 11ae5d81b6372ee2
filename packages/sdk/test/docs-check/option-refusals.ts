/**
 * The refusals the documents promise, as option sets to try: the rows of the guide's options table
 * whose notes say "refused ...", and the value refusals named in prose ("a negative `maxTurns`",
 * "`model: 42`"). Each found claim becomes an example `query()` must refuse.
 */
import type { Doc } from './doc-files.js';
import { lineOf, paragraphs } from './doc-files.js';

/** One promise of a refusal, with where it is written. */
export interface RefusalClaim {
  where: string;
  said: string;
  options: Record<string, unknown>;
}

const store = { append: async () => {}, load: async () => null };

/** A value of each option that a combination refusal names (what a program would pass). */
export const SAMPLE_VALUES: Record<string, unknown> = {
  canUseTool: async () => ({ behavior: 'allow' }),
  permissionPromptToolName: 'mcp__approve__check',
  continue: true,
  resume: '00000000-0000-4000-8000-000000000000',
  model: 'claude-sonnet-4-5',
  fallbackModel: 'claude-sonnet-4-5',
  sandbox: { enabled: true },
  sessionStore: store,
  persistSession: false,
  enableFileCheckpointing: true,
  supportedDialogKinds: ['refusal_fallback_prompt'],
  onUserDialog: async () => ({ behavior: 'cancel' }),
  transport: () => {
    throw new Error('never started');
  },
  spawnClaudeCodeProcess: () => {
    throw new Error('never started');
  },
  extraArgs: {},
};

function sample(option: string, where: string): unknown {
  if (!(option in SAMPLE_VALUES))
    throw new Error(`${where}: no sample value for \`${option}\`: add one to SAMPLE_VALUES`);
  return SAMPLE_VALUES[option];
}

/** A backticked value as JavaScript: a number, a quoted string, true/false/null, or the text itself. */
function literal(text: string): unknown {
  const trimmed = text.trim();
  if (/^-?\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed);
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (trimmed === 'null') return null;
  const quoted = /^(['"])(.*)\1$/.exec(trimmed);
  return quoted ? quoted[2] : trimmed;
}

/** The "refused ..." notes of an options table (one whose header starts `| option |`). */
export function tableRefusals(doc: Doc): RefusalClaim[] {
  const claims: RefusalClaim[] = [];
  let index = 0;
  let inOptionsTable = false;
  for (const line of doc.text.split('\n')) {
    const where = `${doc.path}:${lineOf(doc.text, index)}`;
    index += line.length + 1;
    if (/^\|\s*option\s*\|/i.test(line)) inOptionsTable = true;
    else if (!line.startsWith('|')) inOptionsTable = false;
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const notes = cells[3] ?? '';
    if (!inOptionsTable || cells.length < 5 || !/\brefused\b/.test(notes)) continue;
    const names = [...(cells[1] ?? '').matchAll(/`(\w+)`/g)].map((match) => match[1] ?? '');
    for (const refusal of notes.split(';').filter((part) => /\brefused\b/.test(part))) {
      for (const option of names) claims.push(...rowClaims(option, refusal.trim(), where));
    }
  }
  return claims;
}

function rowClaims(option: string, note: string, where: string): RefusalClaim[] {
  const claim = (options: Record<string, unknown>): RefusalClaim => ({
    where,
    said: `\`${option}\`: ${note}`,
    options,
  });
  const withOthers = /refused with ((?:`\w+(?::[^`]*)?`(?:,\s*|\s+or\s+|\s+and\s+)?)+)/.exec(note);
  const claims: RefusalClaim[] = [];
  if (withOthers) {
    for (const match of (withOthers[1] ?? '').matchAll(/`(\w+)(?::\s*([^`]*))?`/g)) {
      const other = match[1] ?? '';
      const value = match[2] === undefined ? sample(other, where) : literal(match[2]);
      claims.push(claim({ [option]: sample(option, where), [other]: value }));
    }
  }
  const without = /refused without `(\w+)`/.exec(note);
  if (without) claims.push(claim({ [option]: sample(option, where) }));
  const equal = /refused when equal to `(\w+)`/.exec(note);
  if (equal) claims.push(claim({ [option]: 'claude-same', [equal[1] ?? '']: 'claude-same' }));
  if (/refused with a settings file path/.test(note)) {
    claims.push(claim({ [option]: sample(option, where), settings: '/etc/claude/settings.json' }));
  }
  for (const flag of note.matchAll(/`([a-z-]+)`(?=[^;]*\brefused\b)/g)) {
    if (option === 'extraArgs') claims.push(claim({ extraArgs: { [flag[1] ?? '']: 'json' } }));
  }
  if (/as a `Transport` instance/.test(note)) {
    claims.push(claim({ [option]: { specificationVersion: 'v1', start: async () => {}, send: async () => {} } }));
  }
  if (claims.length === 0)
    throw new Error(`${where}: cannot check the refusal "${note}": teach option-refusals.ts its form`);
  return claims;
}

/**
 * The value refusals of prose that promises `InvalidOptionError` or a refusal: "a negative `X`",
 * "an unknown `X`", "a non-UUID `X`", "a bad server name", and a code span `X: value` that the
 * sentence says is refused ("`maxTurns: -1` is refused", "refuses `model: 42`", "`X: v` ...
 * `InvalidOptionError`"). Combinations are the options table's (`tableRefusals`).
 */
export function proseRefusals(doc: Doc, optionKeys: ReadonlySet<string>): RefusalClaim[] {
  const claims: RefusalClaim[] = [];
  for (const paragraph of paragraphs(doc.text)) {
    if (paragraph.text.trimStart().startsWith('|')) continue;
    for (const item of paragraph.text.split(/\n\s*[-*] /)) {
      for (const sentence of item.split(/(?<=\.)\s+(?=[A-Z`])/)) {
        if (!/InvalidOptionError|\brefuse[sd]?\b/.test(sentence)) continue;
        const where = `${doc.path}:${lineOf(doc.text, paragraph.index + paragraph.text.indexOf(sentence))}`;
        const said = sentence.replace(/\s+/g, ' ').trim();
        const add = (options: Record<string, unknown>) => claims.push({ where, said, options });
        for (const match of sentence.matchAll(/\ba\s+negative\s+`(\w+)`/g)) add({ [match[1] ?? '']: -1 });
        for (const match of sentence.matchAll(/\ban\s+unknown\s+`(\w+)`/g)) add({ [match[1] ?? '']: 'no-such-value' });
        for (const match of sentence.matchAll(/\ba\s+non-UUID\s+`(\w+)`/g)) add({ [match[1] ?? '']: 'not-a-uuid' });
        if (/\ba\s+bad\s+server\s+name\b/.test(sentence)) add({ mcpServers: { 'bad name!': { command: 'node' } } });
        const valueRefusals = [
          /`(\w+): ([^`]+)`\s+(?:is|are)\s+refused/g,
          /\brefuses?\s+`(\w+): ([^`]+)`/g,
          /`(\w+): ([^`]+)`[^.;()`]{0,40}`InvalidOptionError`/g,
        ];
        for (const pattern of valueRefusals) {
          for (const match of sentence.matchAll(pattern)) {
            if (optionKeys.has(match[1] ?? '')) add({ [match[1] ?? '']: literal(match[2] ?? '') });
          }
        }
      }
    }
  }
  return claims;
}
