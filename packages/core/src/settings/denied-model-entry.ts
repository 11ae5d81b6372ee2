import {
  familyTitle,
  MODEL_FAMILIES,
  MOVING_MODEL_ALIASES,
  type ModelId,
  modelIdCovers,
  parseModelId,
} from './model-id.js';

/** What one `deniedModels` entry blocks: a whole family, a model version, or one exact name. */
export type DeniedModelEntry =
  | { readonly kind: 'family'; readonly family: string }
  | { readonly kind: 'model'; readonly id: ModelId }
  | { readonly kind: 'exact'; readonly name: string };

/** An entry as read, and the note the CLI makes on it (why it was ignored, or what it blocks). */
export interface ReadDeniedModelEntry {
  readonly entry: DeniedModelEntry | null;
  readonly warning?: string;
}

const CONTEXT_TAGS = /\[(1|2)m\]/gi;
const CONTEXT_TAG_NOTE =
  ' Context-size tags such as [1m] are ignored: the entry blocks the model at every context size.';

/** A model name as the deny list compares it: no context tag, no surrounding blanks, lowercase. */
export function normalizeModelName(name: string): string {
  return name.trim().replace(CONTEXT_TAGS, '').toLowerCase();
}

/** Reads one `deniedModels` entry. */
export function readDeniedModelEntry(raw: string): ReadDeniedModelEntry {
  const lowered = raw.trim().toLowerCase();
  const name = lowered.replace(CONTEXT_TAGS, '').trim();
  const tagNote = name === lowered ? '' : CONTEXT_TAG_NOTE;
  if (name === '') return { entry: null, warning: 'An empty deniedModels entry was ignored.' };
  if ((MODEL_FAMILIES as readonly string[]).includes(name)) {
    const entry: DeniedModelEntry = { kind: 'family', family: name };
    return tagNote === ''
      ? { entry }
      : { entry, warning: `${quoted(raw)} blocks every ${familyTitle(name)} model.${tagNote}` };
  }
  if (MOVING_MODEL_ALIASES.includes(name)) {
    return {
      entry: null,
      warning: `${quoted(raw)} was ignored: it names a different model depending on the release and settings. Name the model instead, for example "claude-opus-5-5".`,
    };
  }
  const model = readModelEntry(name);
  if (model) {
    const dropped = model.id.trailer === undefined && model.rest !== '' ? ` ${quoted(model.rest)} is ignored.` : '';
    const entry: DeniedModelEntry = { kind: 'model', id: model.id };
    if (dropped === '' && tagNote === '') return { entry };
    return { entry, warning: `${quoted(raw)} blocks ${describeModel(model.id)}.${dropped}${tagNote}` };
  }
  return { entry: { kind: 'exact', name }, warning: exactNameWarning(raw, name) };
}

/** Whether `entry` blocks the model named `model` (already normalized) whose ID is `id`. */
export function entryBlocks(entry: DeniedModelEntry, model: string, id: ModelId | null): boolean {
  if (entry.kind === 'exact') return model === entry.name;
  if (entry.kind === 'model') return id !== null && modelIdCovers(entry.id, id);
  return id?.family === entry.family || containsWord(model, entry.family);
}

// `opus-4-1` is read as `claude-opus-4-1`; `rest` is what follows the version in the entry.
function readModelEntry(name: string): { id: ModelId; rest: string } | null {
  const spelled = parseModelId(name) !== null || name.startsWith('claude-') ? name : `claude-${name}`;
  const id = parseModelId(name) ?? (spelled === name ? null : parseModelId(spelled));
  if (!id) return null;
  const at = spelled.lastIndexOf(id.base);
  return { id, rest: at === -1 ? '' : spelled.slice(at + id.base.length) };
}

function describeModel(id: ModelId): string {
  const family = familyTitle(id.family);
  return id.minor === undefined
    ? `every ${family} ${id.major}.x model`
    : `${family} ${id.major}.${id.minor} in every spelling and snapshot`;
}

function exactNameWarning(raw: string, name: string): string {
  const note = `${quoted(raw)} blocks only the exact model name ${quoted(name)}; other spellings of the same model are not blocked.`;
  const hyphenated = name.replace(/(\d)\.(\d)/g, '$1-$2');
  if (hyphenated !== name) {
    const id = hyphenated.startsWith('claude-') ? hyphenated : `claude-${hyphenated}`;
    if (parseModelId(id) !== null) return `${note} To block a version, write it with a hyphen: ${quoted(id)}.`;
  }
  const spoken = new RegExp(`^(${MODEL_FAMILIES.join('|')})\\s+(\\d+)(?:\\.(\\d+))?$`).exec(name);
  if (spoken) {
    const [, family = '', major = '', minor] = spoken;
    return minor !== undefined
      ? `${note} To block a version, write its model ID, for example "claude-${family}-${major}-${minor}".`
      : `${note} To block only version ${major}, write "claude-${family}-${major}-0"; "claude-${family}-${major}" blocks every ${familyTitle(family)} ${major}.x model.`;
  }
  if (/^[a-z]+$/.test(name)) {
    const meant = MODEL_FAMILIES.find((family) => isOneEditAway(name, family));
    if (meant !== undefined) return `${note} If you meant the ${familyTitle(meant)} family, write "${meant}".`;
    const families = `${MODEL_FAMILIES.slice(0, -1).join(', ')} or ${MODEL_FAMILIES[MODEL_FAMILIES.length - 1]}`;
    return `${note} To block a model family other than ${families}, list its versioned IDs.`;
  }
  return note;
}

// The CLI quotes what it was given with control characters masked and long values cut.
function quoted(value: string): string {
  const masked = Array.from(value, (char) => (isControlCharacter(char.charCodeAt(0)) ? '?' : char)).join('');
  return `"${masked.length > 128 ? `${masked.slice(0, 128)}…` : masked}"`;
}

function isControlCharacter(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

function containsWord(text: string, word: string): boolean {
  const isWordChar = (char: string | undefined) => char !== undefined && /[a-z0-9]/i.test(char);
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + word.length])) return true;
  }
  return false;
}

/** One insertion, deletion, substitution or swap of neighbours turns `a` into `b` (not zero). */
function isOneEditAway(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  if (a.length === b.length) {
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
  }
  return a.length > b.length ? a.slice(start + 1) === b.slice(start) : a.slice(start) === b.slice(start + 1);
}
