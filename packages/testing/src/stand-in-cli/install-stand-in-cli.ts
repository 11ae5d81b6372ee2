import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StandInScenario } from './stand-in-scenario.js';

/** Where and how {@link installStandInCli} installs the stand-in. */
export interface InstallStandInCliOptions {
  /** The directory (default: a fresh temporary one, which {@link InstalledStandInCli.remove} deletes). */
  dir?: string;
  /** The file name (default `claude`, as the native binary sits on disk; `cli.mjs` for a script run by a runtime). */
  name?: string;
  /** The file mode (default `0o755`; `0o644` for a script that is not executable itself). */
  mode?: number;
}

/** A stand-in CLI installed on disk, and what it leaves there. */
export interface InstalledStandInCli {
  /** The executable, for `pathToClaudeCodeExecutable`. */
  readonly path: string;
  /** Its directory: relative paths of the scenario resolve here (marker files, for example). */
  readonly dir: string;
  /** The scenario it plays (JSON), beside it. */
  readonly scenarioFile: string;
  /** Its pid, once it has started (the last one, when started several times). */
  pid(): number | undefined;
  /** Its notes so far: `argv [...]`, one `received "<type>"` per input message, and the `note` steps' (see `notesFile`). */
  notes(): string[];
  /** Deletes what the install wrote (the directory too, when the install made it). */
  remove(): void;
}

/**
 * Installs the stand-in CLI as an executable that plays `scenario`, with no environment needed:
 * a `#!/usr/bin/env node` launcher named `claude` (by default) in a fresh temporary directory, the
 * scenario beside it (with a pid file and a notes file there, unless the scenario names its own).
 * The launcher leaves argv and env untouched, so a scenario can report them (`info` step).
 *
 * @example
 * ```ts
 * const cli = installStandInCli({ onUser: [{ assistant: 'hello' }, { result: 'done' }] });
 * for await (const message of query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path } })) {}
 * cli.remove();
 * ```
 */
export function installStandInCli(
  scenario: StandInScenario = {},
  options: InstallStandInCliOptions = {},
): InstalledStandInCli {
  const made = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'hexagent-stand-in-'));
  const name = options.name ?? 'claude';
  const path = join(dir, name);
  const scenarioFile = join(dir, `${name}.scenario.json`);
  const pidFile = join(dir, scenario.pidFile ?? `${name}.pid`);
  const notesFile = join(dir, scenario.notesFile ?? `${name}.notes`);
  writeFileSync(scenarioFile, JSON.stringify({ ...scenario, pidFile, notesFile }));
  const run = `import(${JSON.stringify(runModuleUrl())}).then((stand) => stand.runStandInCli({ file: ${JSON.stringify(scenarioFile)} }));`;
  writeFileSync(path, `#!/usr/bin/env node\n${run}\n`);
  chmodSync(path, options.mode ?? 0o755);
  return {
    path,
    dir,
    scenarioFile,
    pid: () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : undefined),
    notes: () => (existsSync(notesFile) ? readFileSync(notesFile, 'utf8').split('\n').filter(Boolean) : []),
    remove: () => {
      if (made) rmSync(dir, { recursive: true, force: true });
      else for (const file of [path, scenarioFile, pidFile, notesFile]) rmSync(file, { force: true });
    },
  };
}

/**
 * The module whose `runStandInCli` an installed stand-in's launcher calls. Resolved when a stand-in
 * is installed, not when this module loads: `TestScope` imports this module from the kit's main
 * entry, and a CommonJS bundle of that entry has no `import.meta.url` to resolve it with.
 */
function runModuleUrl(): string {
  return new URL('./run-stand-in-cli.js', import.meta.url).href;
}
