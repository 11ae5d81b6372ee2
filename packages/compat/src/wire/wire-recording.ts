/**
 * A scenario's wire as compared and committed: normalised (no temporary path, port, id, time or
 * pid left), each process's lines per direction, and what the app saw.
 */
export interface WireRecording {
  scenario: string;
  sdk: 'official' | 'hexagent';
  sdkVersion: string;
  cliVersion: string;
  spawns: WireSpawn[];
  /** What the app saw: message kinds, control answers, how each iteration ended. */
  saw: string[];
  /** Set when the scenario failed to run to its end. */
  failure?: string;
}

/** One CLI process. */
export interface WireSpawn {
  /** The arguments after the program (a JavaScript runtime's script path included, as `<cli>`). */
  argv: string[];
  /** Every variable set, by name; values normalised (secrets and `PATH` masked). */
  env: Record<string, string>;
  /** What the SDK wrote, line by line, in full. */
  stdin: WireLine[];
  /** What the CLI wrote: control messages in full, the rest by kind alone. */
  stdout: WireLine[];
  /** The exit: `code 0`, `signal SIGTERM`, or `running` when it never exited. */
  exit: string;
}

/**
 * One line: its label (`user`, `system:init`, `control_request:can_use_tool`,
 * `control_response:initialize` for the answer to an `initialize`) and, where kept, the message.
 */
export interface WireLine {
  label: string;
  msg?: unknown;
}

/** The JSON Lines text of a recording (one object per line, stable order). */
export function serialiseRecording(recording: WireRecording): string {
  const { spawns, saw, failure, ...header } = recording;
  const lines: unknown[] = [header];
  spawns.forEach((spawn, index) => {
    const n = index + 1;
    lines.push({ spawn: n, argv: spawn.argv }, { spawn: n, env: spawn.env });
    for (const line of spawn.stdin) lines.push({ spawn: n, stdin: line.label, ...withMsg(line) });
    for (const line of spawn.stdout) lines.push({ spawn: n, stdout: line.label, ...withMsg(line) });
    lines.push({ spawn: n, exit: spawn.exit });
  });
  for (const event of saw) lines.push({ saw: event });
  if (failure !== undefined) lines.push({ failure });
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

/** Reads back what {@link serialiseRecording} wrote. */
export function parseRecording(text: string): WireRecording {
  const rows = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const header = rows.shift() ?? {};
  const recording: WireRecording = {
    scenario: String(header['scenario']),
    sdk: header['sdk'] === 'hexagent' ? 'hexagent' : 'official',
    sdkVersion: String(header['sdkVersion']),
    cliVersion: String(header['cliVersion']),
    spawns: [],
    saw: [],
  };
  for (const row of rows) {
    if (typeof row['saw'] === 'string') recording.saw.push(row['saw']);
    else if (typeof row['failure'] === 'string') recording.failure = row['failure'];
    else if (typeof row['spawn'] === 'number') {
      const index = row['spawn'] - 1;
      recording.spawns[index] ??= { argv: [], env: {}, stdin: [], stdout: [], exit: 'running' };
      const spawn = recording.spawns[index];
      if (Array.isArray(row['argv'])) spawn.argv = row['argv'] as string[];
      else if (row['env'] !== undefined) spawn.env = row['env'] as Record<string, string>;
      else if (typeof row['stdin'] === 'string') spawn.stdin.push(lineOf(row['stdin'], row));
      else if (typeof row['stdout'] === 'string') spawn.stdout.push(lineOf(row['stdout'], row));
      else if (typeof row['exit'] === 'string') spawn.exit = row['exit'];
    }
  }
  return recording;
}

function withMsg(line: WireLine): { msg?: unknown } {
  return line.msg === undefined ? {} : { msg: line.msg };
}

function lineOf(label: string, row: Record<string, unknown>): WireLine {
  return 'msg' in row ? { label, msg: row['msg'] } : { label };
}
