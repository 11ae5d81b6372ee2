import type { DeniedModelsMatch } from '../types/settings/resolved-settings.js';
import { entryBlocks, normalizeModelName, readDeniedModelEntry } from './denied-model-entry.js';
import { parseModelId } from './model-id.js';

const NOT_A_LIST =
  '"deniedModels" was present but is not a list of model names, so it was ignored and blocks no models until it is fixed.';

/**
 * Says which of `models` a managed `deniedModels` list blocks, without spawning the Claude CLI.
 * Pass `effective.deniedModels` from `resolveSettings`. Nothing throws: a bad list or entry is
 * ignored, a bad model is `false`, and `models` that isn't a list gets an empty `denied`;
 * `warnings` notes each (and what an entry blocks where that may surprise).
 *
 * Not the CLI's enforcement, so grant nothing by it: it compares model IDs with the entries
 * alone. `true` means the CLI refuses the model too; `false` promises nothing (the CLI also
 * judges what an alias or a custom name stands for, and `modelOverrides`).
 *
 * @example
 * ```ts
 * const { denied } = await matchDeniedModels(['claude-opus-4-1', 'claude-sonnet-4-5'], ['opus']);
 * // denied: [true, false]
 * ```
 */
export async function matchDeniedModels(
  models: readonly string[],
  deniedModels: readonly string[] | undefined,
): Promise<DeniedModelsMatch> {
  const asked: readonly unknown[] = Array.isArray(models) ? models : [];
  const modelNotes = Array.isArray(models)
    ? asked.flatMap((model) =>
        typeof model === 'string'
          ? []
          : [
              `"models" contained a non-string entry (${kindOf(model)}), which is not a model name, so it cannot be matched.`,
            ],
      )
    : ['"models" is not a list of model names, so nothing was matched.'];
  const list: unknown = deniedModels ?? [];
  if (!Array.isArray(list)) return { denied: asked.map(() => false), warnings: unique([NOT_A_LIST, ...modelNotes]) };

  const entryNotes: string[] = [];
  const read = [];
  for (const raw of list as unknown[]) {
    if (typeof raw === 'string') read.push(readDeniedModelEntry(raw));
    else entryNotes.push(`"deniedModels" contained a non-string entry (${kindOf(raw)}); the entry was ignored.`);
  }
  const entries = read.flatMap(({ entry }) => (entry ? [entry] : []));
  const denied = asked.map((model) => {
    if (typeof model !== 'string') return false;
    const name = normalizeModelName(model);
    const id = parseModelId(name);
    return entries.some((entry) => entryBlocks(entry, name, id));
  });
  const warnings = [
    ...entryNotes,
    ...read.flatMap(({ warning }) => (warning === undefined ? [] : [warning])),
    ...modelNotes,
  ];
  return { denied, warnings: unique(warnings) };
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : typeof value;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
