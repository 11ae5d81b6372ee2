/** The model families a bare name in `deniedModels` stands for. */
export const MODEL_FAMILIES = ['sonnet', 'opus', 'haiku', 'fable'] as const;

/** Names whose model changes with the release or the settings, so a deny list cannot pin them. */
export const MOVING_MODEL_ALIASES: readonly string[] = ['best', 'opusplan', 'default'];

/** Bedrock's cross-region inference prefixes (`us.anthropic.claude-…`). */
const BEDROCK_REGION_PREFIXES: readonly string[] = ['us', 'eu', 'apac', 'jp', 'au', 'us-gov', 'global'];

/** A Claude model ID taken apart: family, version and whatever follows the version. */
export interface ModelId {
  /** `opus`, `sonnet`, `haiku`, ... (any lowercase word, not only the known families). */
  readonly family: string;
  readonly major: number;
  /** Absent for `claude-opus-4`, which names every 4.x model. */
  readonly minor?: number;
  /** The ID up to and including its version: `claude-opus-4-1`, `claude-3-5-sonnet`. */
  readonly base: string;
  /**
   * What follows the version when it is not a snapshot date, `-fast`, `-latest` or a Bedrock or
   * Vertex version tag: `-custom` in `claude-opus-4-1-custom`. Absent otherwise.
   */
  readonly trailer?: string;
}

// Snapshot dates, -fast/-latest and provider version tags: they name the same model.
const SAME_MODEL_SUFFIX = /^(?:-fast|-latest)?(?:-v\d{1,3}@\d{8}|[-@]\d{8})?(?:-v\d{1,3}(?::\d{1,3})?)?$/;
const FAMILY_FIRST = /^claude-([a-z]+)-(\d{1,2})(?!\d)(?:-(\d{1,2})(?!\d))?/;
const VERSION_FIRST = /^claude-(\d{1,2})(?!\d)(?:-(\d{1,2})(?!\d))?-([a-z]+)/;
const BEDROCK_ID = /^(?:([a-z-]+)\.)?anthropic\.(claude-.*)$/;

/**
 * Reads a model name as a Claude model ID, the way the CLI compares models against a deny list:
 * case and surrounding blanks do not matter, a trailing context tag (`[1m]`) and a path
 * (a Bedrock ARN, a Vertex resource name) are dropped, Bedrock's `anthropic.` prefixes are
 * understood. Returns `null` for anything that is not a `claude-…` ID with a version.
 */
export function parseModelId(name: string): ModelId | null {
  let id = name.trim().toLowerCase();
  if (id === '' || /\s/.test(id)) return null;
  id = id.replace(/\[[12]m\]$/, '');
  id = id.slice(id.lastIndexOf('/') + 1);
  const bedrock = BEDROCK_ID.exec(id);
  if (bedrock) {
    const region = bedrock[1];
    if (region !== undefined && !BEDROCK_REGION_PREFIXES.includes(region)) return null;
    id = bedrock[2] ?? '';
  }
  const version = readVersion(id);
  if (!version) return null;
  const rest = id.slice(version.base.length);
  if (rest !== '' && rest[0] !== '-' && rest[0] !== '@') return null;
  return SAME_MODEL_SUFFIX.test(rest) ? version : { ...version, trailer: rest };
}

function readVersion(id: string): ModelId | null {
  const familyFirst = FAMILY_FIRST.exec(id);
  if (familyFirst) return version(familyFirst[0], familyFirst[1], familyFirst[2], familyFirst[3]);
  const versionFirst = VERSION_FIRST.exec(id);
  if (versionFirst) return version(versionFirst[0], versionFirst[3], versionFirst[1], versionFirst[2]);
  return null;
}

function version(base: string, family = '', major = '0', minor: string | undefined = undefined): ModelId {
  return minor === undefined
    ? { family, major: Number(major), base }
    : { family, major: Number(major), minor: Number(minor), base };
}

/** Whether the model `model` is a version the ID `entry` names (every 4.x for `claude-opus-4`). */
export function modelIdCovers(entry: ModelId, model: ModelId): boolean {
  if (entry.family !== model.family || entry.major !== model.major) return false;
  if (entry.minor !== undefined && (model.minor ?? 0) !== entry.minor) return false;
  if (entry.trailer === undefined) return true;
  const trailer = model.trailer ?? '';
  return trailer === entry.trailer || trailer.startsWith(`${entry.trailer}-`);
}

/** `opus` -> `Opus`, as the CLI writes a family in its notes. */
export function familyTitle(family: string): string {
  return family.charAt(0).toUpperCase() + family.slice(1);
}
