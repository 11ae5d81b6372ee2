import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { RawRecording, RecordingPlaces } from './record-scenario.js';
import type { RawSpawn } from './recording-spawner.js';
import type { WireLine, WireRecording, WireSpawn } from './wire-recording.js';

/** Strings longer than this are kept as their start, length and hash (init answers run to ~25 KB). */
export const LONG_STRING = 160;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const IS_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b/g;
/** Numbers that differ run to run: times, durations, pids, costs. */
const VOLATILE_NUMBER_KEY = /(?:^pid$|_ms$|Ms$|_at$|At$|^timestamp$|duration|_usd$|^ttft|^mtime$)/;
const SECRET_KEY = /(?:KEY|TOKEN|SECRET|PASSWORD)/i;
/** stdout messages kept whole; everything else the CLI writes is kept as its kind. */
const KEPT_STDOUT_TYPES = new Set(['control_request', 'control_response', 'control_cancel_request']);
/**
 * Kinds whose number and place depend on timing (a heartbeat, the mirror's batches): kept once, at
 * the end of their direction, as "seen".
 */
const TIMED_KINDS = new Set(['keep_alive', 'transcript_mirror']);
/** A temporary folder's random part (mkdtemp's six characters, or a uuid). */
const TEMP_FOLDER =
  /<tmp>\/([A-Za-z][A-Za-z-]*?)-(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9]{6})(?=[/"]|$)/g;
/** Fields whose uuid is a session id: numbered across the recording (a resume names an earlier one). */
const SESSION_KEY = /^(?:session_id|sessionId|resume)$/;

/**
 * Turns a run's raw lines into a {@link WireRecording} that is the same run after run: temporary
 * paths, the port, the versions under test become placeholders; uuids and request ids become
 * `<uuid:N>` / `<req:N>` by order of first appearance (so a request and its answer still match);
 * times, durations, pids and costs become `<n>`/`<time>`; long strings their start, length and
 * hash. Each process's lines are kept per direction (the interleaving of the two is a race).
 */
export function normaliseRecording(raw: RawRecording): WireRecording {
  const normaliser = new Normaliser(raw.places);
  return {
    scenario: raw.scenario,
    sdk: raw.sdk,
    sdkVersion: raw.places.sdkVersion,
    cliVersion: raw.places.cliVersion,
    spawns: raw.spawns.map((spawn) => normaliser.spawn(spawn)),
    saw: raw.saw.map((event) => normaliser.string(event)),
    ...(raw.failure === undefined ? {} : { failure: normaliser.string(raw.failure) }),
  };
}

class Normaliser {
  /** Session ids, across the recording's processes. */
  private readonly sessions = new Map<string, string>();
  /** Other uuids and request ids, per process (so one process's extra id does not renumber the next). */
  private ids = new Map<string, string>();
  private readonly replacements: Array<[string, string]>;
  /** request_id to the subtype (and MCP method) it asked for, to label its answer. */
  private readonly requests = new Map<string, string>();

  constructor(private readonly places: RecordingPlaces) {
    const key = (path: string) => path.replace(/[^a-zA-Z0-9]/g, '-');
    // Longest first: the cwd is inside the home; its project key ("-tmp-...-project") likewise.
    this.replacements = [
      [places.cli, '<cli>'],
      [places.cwd, '<cwd>'],
      [key(places.cwd), '<cwd-key>'],
      [places.home, '<home>'],
      [key(places.home), '<home-key>'],
      [tmpdir(), '<tmp>'],
      [`127.0.0.1:${places.port}`, '127.0.0.1:<port>'],
    ];
  }

  spawn(spawn: RawSpawn): WireSpawn {
    this.ids = new Map();
    // Session ids first, wherever they are, so a resumed id is named as in the process before.
    for (const arg of spawn.args) {
      const resumed = /^--resume=(.+)$/.exec(arg)?.[1];
      if (resumed !== undefined) this.session(resumed);
    }
    const argv = spawn.args.map((arg) => this.string(arg));
    const env: Record<string, string> = {};
    for (const name of Object.keys(spawn.env).sort()) {
      const value = spawn.env[name] ?? '';
      env[name] = name === 'PATH' ? '<PATH>' : SECRET_KEY.test(name) ? '<secret>' : this.string(value);
    }
    // Requests first, so an answer's label can name what it answers.
    const parsed = spawn.lines.map((line) => ({ dir: line.dir, msg: parseLine(line.text) }));
    for (const { msg } of parsed) this.noteRequest(msg);
    const channels = { in: [] as WireLine[], out: [] as WireLine[] };
    const timed = { in: new Set<string>(), out: new Set<string>() };
    // stdout first: the ids in the answers the SDK writes are the CLI's requests' ids, numbered as the CLI sent them.
    for (const dir of ['out', 'in'] as const) {
      for (const line of parsed.filter((each) => each.dir === dir)) {
        const label = this.labelOf(line.msg);
        if (TIMED_KINDS.has(typeOf(line.msg))) timed[dir].add(label);
        else if (dir === 'in' || KEPT_STDOUT_TYPES.has(typeOf(line.msg))) {
          channels[dir].push({ label, msg: this.value(line.msg) });
        } else channels[dir].push({ label });
      }
      for (const label of [...timed[dir]].sort())
        channels[dir].push({ label: `${label} (seen; number and place vary)` });
    }
    return {
      argv,
      env,
      stdin: channels.in,
      stdout: channels.out,
      exit:
        spawn.exit === undefined
          ? 'running'
          : spawn.exit.signal
            ? `signal ${spawn.exit.signal}`
            : `code ${spawn.exit.code}`,
    };
  }

  /** A string with every run-specific part replaced. */
  string(value: string): string {
    if (value === this.places.sdkVersion) return '<sdk-version>';
    if (value === this.places.cliVersion) return '<cli-version>';
    let text = value;
    for (const [from, to] of this.replacements) if (from !== '') text = text.split(from).join(to);
    text = text
      .replace(TEMP_FOLDER, '<tmp>/$1-<random>')
      .replace(UUID, (uuid) => this.uuid(uuid.toLowerCase()))
      .replace(ISO_TIME, '<time>');
    if (text.length <= LONG_STRING) return text;
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
    return `${text.slice(0, 60)}… <${text.length} chars, sha256 ${hash}>`;
  }

  private value(value: unknown, key = ''): unknown {
    if (typeof value === 'string') {
      if (SESSION_KEY.test(key) && IS_UUID.test(value)) return this.session(value);
      return key === 'request_id' && !IS_UUID.test(value) ? this.id(value, 'req') : this.string(value);
    }
    if (typeof value === 'number') return VOLATILE_NUMBER_KEY.test(key) ? '<n>' : value;
    if (Array.isArray(value)) return value.map((item) => this.value(item));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) out[name] = this.value(item, name);
      return out;
    }
    return value;
  }

  private session(value: string): string {
    const id = value.toLowerCase();
    let placeholder = this.sessions.get(id);
    if (placeholder === undefined) {
      placeholder = `<session:${this.sessions.size + 1}>`;
      this.sessions.set(id, placeholder);
    }
    return placeholder;
  }

  private uuid(value: string): string {
    return this.sessions.get(value) ?? this.id(value, 'uuid');
  }

  private id(value: string, kind: 'uuid' | 'req'): string {
    let placeholder = this.ids.get(value);
    if (placeholder === undefined) {
      placeholder = `<${kind}:${this.ids.size + 1}>`;
      this.ids.set(value, placeholder);
    }
    return placeholder;
  }

  private noteRequest(msg: unknown): void {
    if (typeOf(msg) !== 'control_request') return;
    const record = msg as { request_id?: unknown; request?: Record<string, unknown> };
    if (typeof record.request_id === 'string') this.requests.set(record.request_id, requestLabel(record.request));
  }

  private labelOf(msg: unknown): string {
    const type = typeOf(msg);
    const record = msg as Record<string, unknown>;
    if (type === 'control_request') return `control_request:${requestLabel(record['request'])}`;
    if (type === 'control_response') {
      const response = (record['response'] ?? {}) as Record<string, unknown>;
      const id = response['request_id'];
      const answers = typeof id === 'string' ? (this.requests.get(id) ?? 'unknown') : 'unknown';
      return `control_response:${answers}`;
    }
    return typeof record['subtype'] === 'string' ? `${type}:${record['subtype']}` : type;
  }
}

/** `subtype`, with the JSON-RPC method for `mcp_message` (`mcp_message tools/call`). */
function requestLabel(request: unknown): string {
  const record = (request ?? {}) as Record<string, unknown>;
  const subtype = typeof record['subtype'] === 'string' ? record['subtype'] : '?';
  const method = (record['message'] as { method?: unknown } | undefined)?.method;
  return subtype === 'mcp_message' && typeof method === 'string' ? `${subtype} ${method}` : subtype;
}

function typeOf(msg: unknown): string {
  const type = (msg as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : '?';
}

function parseLine(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { type: 'not-json', text };
  }
}
