/**
 * The stand-in for the Claude Code CLI: takes the real CLI's argv (every flag ignored), speaks the
 * stream-json control protocol on stdin and stdout, and plays a {@link StandInScenario}. Only node
 * builtins, so it starts fast and costs every client the same.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { runSteps } from './run-steps.js';
import { STAND_IN_SCENARIO_ENV, STAND_IN_SCENARIO_FILE_ENV } from './stand-in-env.js';
import { initializeAnswer } from './stand-in-messages.js';
import type { StandInScenario } from './stand-in-scenario.js';
import { CAPTURE_VERSION, fatal, StandInSession } from './stand-in-session.js';
import { standInTurn } from './stand-in-turn.js';

type Json = Record<string, unknown>;

/** Where the scenario comes from: given, or in a file (relative paths in it resolve against the file's directory). */
export type StandInSource = { scenario: StandInScenario } | { file: string };

/** The scenario named by the environment (see `STAND_IN_SCENARIO_ENV`), or the default `{}`. */
function fromEnvironment(): StandInSource {
  const json = process.env[STAND_IN_SCENARIO_ENV];
  if (json !== undefined && json !== '') return { scenario: JSON.parse(json) as StandInScenario };
  const file = process.env[STAND_IN_SCENARIO_FILE_ENV];
  return file !== undefined && file !== '' ? { file } : { scenario: {} };
}

/** Plays a scenario in this process, as the CLI would: until a step exits or the input ends. */
export function runStandInCli(source: StandInSource = fromEnvironment()): void {
  const file = 'file' in source ? resolve(source.file) : undefined;
  const scenario = file === undefined ? (source as { scenario: StandInScenario }).scenario : readScenario(file);
  if (process.argv.includes('--version') || process.argv.includes('-v')) {
    process.stdout.write(`${scenario.version ?? CAPTURE_VERSION} (Claude Code)\n`);
    process.exit(0);
  }
  const session = new StandInSession(scenario, file === undefined ? process.cwd() : dirname(file));
  if (scenario.cpu !== undefined && process.platform === 'linux') {
    try {
      execFileSync('taskset', ['-p', '-c', String(scenario.cpu), String(process.pid)], { stdio: 'ignore' });
    } catch {
      // Not pinned: the numbers are only noisier.
    }
  }
  if (scenario.pidFile !== undefined) writeFileSync(session.path(scenario.pidFile), String(process.pid));
  session.note('argv', process.argv.slice(2));
  for (const signal of scenario.ignoreSignals ?? []) {
    process.on(signal, () => process.stderr.write(`ignoring ${signal}\n`));
  }
  process.stdout.on('error', () => process.exit(0)); // the client went away
  listen(session);
  if (scenario.onStart !== undefined) runSteps(session, scenario.onStart).catch(failed);
}

function readScenario(file: string): StandInScenario {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StandInScenario;
  } catch (error) {
    fatal(`cannot read the scenario ${file}: ${String(error)}`);
  }
}

function failed(error: unknown): never {
  fatal(`a step failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
}

/** Reads input lines and answers them: control requests and answers, user messages (turns), echoes. */
function listen(session: StandInSession): void {
  const { scenario } = session;
  const echoAll = scenario.echo === true;
  const echoTypes = Array.isArray(scenario.echo) ? new Set(scenario.echo) : undefined;
  const ordered = scenario.stepsFromInput === true;
  const turnSteps = scenario.onUser ?? standInTurn(...(scenario.work ?? []));
  const turns: Json[] = [];
  let busy = false;
  let inputEnded = false;
  let ending = false;
  /** Echoes and steps from input, in the order they came. */
  let chain: Promise<unknown> = Promise.resolve();
  const inOrder = (work: () => unknown): void => {
    chain = chain.then(work).catch(failed);
  };
  const echo = (line: string): void => {
    if (ordered) inOrder(() => session.write(`${line}\n`));
    else process.stdout.write(`${line}\n`);
  };

  const end = async (): Promise<void> => {
    if (ending) return;
    ending = true;
    await chain;
    if (session.ignoresEndOfInput) return;
    await runSteps(session, scenario.onEnd ?? [{ exit: 0 }]);
  };

  // A CLI that never answers initialize is stuck starting up: it runs no turn either.
  const stuck = scenario.initialize?.answer === 'none';
  const runTurns = async (): Promise<void> => {
    if (busy || stuck) return;
    busy = true;
    try {
      for (let turn = turns.shift(); turn !== undefined; turn = turns.shift()) {
        session.turnCount++;
        session.turnStartedAt = Date.now();
        session.report = undefined;
        await runSteps(session, turnSteps, turn);
      }
    } finally {
      busy = false;
    }
    if (inputEnded) await end();
  };

  const onControlRequest = (message: Json): void => {
    const requestId = message.request_id;
    const request = (message.request ?? {}) as Json;
    const subtype = String(request.subtype);
    const answer = (response: Json): void =>
      session.send({ type: 'control_response', response: { subtype: 'success', request_id: requestId, response } });
    if (subtype === 'initialize') {
      session.sdkServers = Array.isArray(request.sdkMcpServers) ? (request.sdkMcpServers as string[]) : [];
      session.manifests = { ...((request.sdkMcpServerManifests as Json | undefined) ?? {}) };
      session.manifestsSent = Object.keys(session.manifests).length > 0;
      const response = initializeAnswer(session);
      if (response !== undefined) answer(response);
      if (scenario.onInitialize !== undefined) runSteps(session, scenario.onInitialize, message).catch(failed);
      return;
    }
    const configured = scenario.controlAnswers?.[subtype];
    if (configured === null) return;
    answer(configured ?? (subtype === 'interrupt' ? { still_queued: [] } : {}));
  };

  const onControlResponse = (message: Json, readAt: bigint): void => {
    const response = message.response as Json | undefined;
    const id = response?.request_id;
    const waiter = typeof id === 'string' ? session.waiting.get(id) : undefined;
    // An answer to nothing we asked is ignored.
    if (waiter === undefined || response === undefined) return;
    session.waiting.delete(id as string);
    waiter(response, readAt);
  };

  const onLine = (line: string, readAt: bigint): void => {
    let message: Json;
    try {
      message = JSON.parse(line) as Json;
      if (typeof message !== 'object' || message === null) throw new TypeError('not an object');
    } catch {
      if (!echoAll) fatal(`not a JSON object on stdin: ${line.slice(0, 200)}`);
      echo(line);
      return;
    }
    const type = message.type;
    if (session.notes) {
      const subtype = (message.request as Json | undefined)?.subtype;
      session.note('received', type === 'control_request' ? `control_request:${String(subtype)}` : type);
    }
    const on = scenario.on?.[type as string];
    if (ordered && type === 'stand_in') {
      inOrder(() => runSteps(session, (message.steps as []) ?? [], message));
    } else if (on !== undefined) {
      inOrder(() => runSteps(session, on, message));
    } else if (echoAll || echoTypes?.has(type as string) === true) {
      echo(line);
    } else if (type === 'control_request') {
      onControlRequest(message);
    } else if (type === 'control_response') {
      onControlResponse(message, readAt);
    } else if (type === 'user') {
      turns.push(message);
      runTurns().catch(failed);
    }
    // keep_alive and anything newer: ignored, as the real CLI does with what it does not know.
  };

  process.stdin.setEncoding('utf8');
  // The pieces of the line being read: a long line is joined once, not copied and rescanned per chunk.
  const pending: string[] = [];
  process.stdin.on('data', (chunk: string) => {
    const readAt = process.hrtime.bigint();
    let start = 0;
    let newline = chunk.indexOf('\n');
    while (newline !== -1) {
      pending.push(chunk.slice(start, newline));
      const line = pending.join('');
      pending.length = 0;
      if (line.trim() !== '') onLine(line, readAt);
      start = newline + 1;
      newline = chunk.indexOf('\n', start);
    }
    if (start < chunk.length) pending.push(chunk.slice(start));
  });
  process.stdin.on('end', () => {
    inputEnded = true;
    if (!busy) end().catch(failed);
  });
}
