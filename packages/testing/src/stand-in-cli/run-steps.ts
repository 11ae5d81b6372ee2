import { spawn } from 'node:child_process';
import { closeSync, existsSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiId, assistantMessage, resultMessage, sessionStateMessage, systemInitMessage } from './stand-in-messages.js';
import type { StandInCodeApi, StandInReport, StandInStep } from './stand-in-scenario.js';
import { fatal, type StandInSession } from './stand-in-session.js';
import { mcpHandshake, stream, toolCalls } from './stand-in-workloads.js';

type Json = Record<string, unknown>;
type AsyncBody = (cli: StandInCodeApi, message: Json | undefined) => Promise<void>;
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => AsyncBody;

/** Runs `steps` in order; `message` is the input message that started them, for `code` steps. */
export async function runSteps(session: StandInSession, steps: readonly StandInStep[], message?: Json): Promise<void> {
  for (const step of steps) await runStep(session, step, message);
}

async function runStep(session: StandInSession, step: StandInStep, message: Json | undefined): Promise<void> {
  if ('send' in step) return session.send(step.send);
  if ('assistant' in step) {
    const id = apiId('msg', session.nextMessage++);
    return session.send(assistantMessage(session, id, step.assistant, new Date().toISOString()));
  }
  if ('result' in step) {
    return session.send(resultMessage(session, step.result, Date.now() - session.turnStartedAt, session.report));
  }
  if ('write' in step) return writeRaw(session, step.write);
  if ('stderr' in step) {
    const data = typeof step.stderr === 'string' ? step.stderr : Buffer.from(step.stderr.base64, 'base64');
    return session.flushWrite(process.stderr, data);
  }
  if ('bigLine' in step) return session.write(`${JSON.stringify({ type: 'big', data: 'x'.repeat(step.bigLine) })}\n`);
  if ('lines' in step) {
    for (let i = 0; i < step.lines; i++) await session.write(`${JSON.stringify({ type: 'line', i })}\n`);
    return;
  }
  if ('info' in step) {
    const type = step.info === true ? 'info' : step.info;
    const { argv, execArgv, env } = process;
    return session.send({ type, argv: argv.slice(2), execArgv, cwd: process.cwd(), env });
  }
  if ('request' in step) return request(session, step);
  if ('sessionState' in step) return session.send(sessionStateMessage(session, step.sessionState));
  if ('systemInit' in step) {
    if (step.systemInit === 'first-turn' && session.systemInitSent) return;
    session.systemInitSent = true;
    return session.send(systemInitMessage(session));
  }
  if ('mcpHandshake' in step) return mcpHandshake(session);
  if ('stream' in step) return report(session, await stream(session, step.stream));
  if ('toolCalls' in step) return report(session, await toolCalls(session, step.toolCalls));
  if ('sleep' in step) return void (await sleep(step.sleep));
  if ('waitForFile' in step) {
    const path = session.path(step.waitForFile);
    while (!existsSync(path)) await sleep(5);
    return;
  }
  if ('touch' in step) return writeFileSync(session.path(step.touch), '');
  if ('pauseInputUntilFile' in step) {
    process.stdin.pause();
    const path = session.path(step.pauseInputUntilFile);
    while (!existsSync(path)) await sleep(5);
    process.stdin.resume();
    return;
  }
  if ('close' in step) {
    for (const pipe of step.close) {
      if (pipe === 'stdin') {
        // Its stream lets go of fd 0 first: closing it under libuv's reading handle aborts the process.
        if (!process.stdin.destroyed) await new Promise((closed) => process.stdin.destroy().once('close', closed));
        closeSync(0);
      } else {
        session.stdoutClosed = true;
        closeSync(1);
      }
    }
    return;
  }
  if ('note' in step) return session.note(step.note, step.value);
  if ('spawn' in step) {
    const [file, ...args] = step.spawn.command ?? [process.execPath, '-e', 'setInterval(() => {}, 2 ** 30)'];
    const child = spawn(file as string, args, { detached: step.spawn.newSession !== false, stdio: 'ignore' });
    child.on('error', () => {});
    child.unref();
    return session.note('child', child.pid);
  }
  if ('ignoreEndOfInput' in step) {
    session.ignoresEndOfInput = true;
    // Like a CLI waiting on the model: alive until killed, even once stdin has closed and nothing else is pending.
    setInterval(() => {}, 2 ** 30);
    return;
  }
  if ('exit' in step) {
    await session.flush();
    process.exit(step.exit);
  }
  if ('kill' in step) {
    await session.flush();
    return void process.kill(process.pid, step.kill);
  }
  if ('hang' in step) return new Promise(() => setInterval(() => {}, 2 ** 30));
  if ('code' in step) return new AsyncFunction('cli', 'message', step.code)(codeApi(session, message), message);
  fatal(`unknown step: ${JSON.stringify(step)}`);
}

/** Raw bytes to stdout, in pieces cut at the given offsets, each written before the next, 1 ms apart. */
async function writeRaw(session: StandInSession, output: string | { base64: string; cuts?: number[] }): Promise<void> {
  const bytes = typeof output === 'string' ? Buffer.from(output, 'utf8') : Buffer.from(output.base64, 'base64');
  const cuts = typeof output === 'string' ? [] : (output.cuts ?? []);
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut <= start) continue;
    await session.flushWrite(process.stdout, bytes.subarray(start, cut));
    if (cuts.length > 0) await sleep(1);
    start = cut;
  }
}

async function request(session: StandInSession, step: Extract<StandInStep, { request: string }>): Promise<void> {
  const answered = session.request(step.request, step.payload, step.id);
  const { reportAs } = step;
  const reported = answered.then((answer) => {
    if (reportAs !== undefined) session.send({ type: reportAs, answer });
  });
  if (step.wait !== false) await reported;
}

function report(session: StandInSession, workloadReport: StandInReport): void {
  session.report = workloadReport;
  const file = session.scenario.reportFile;
  if (file !== undefined) writeFileSync(session.path(file), JSON.stringify(workloadReport));
}

function codeApi(session: StandInSession, message: Json | undefined): StandInCodeApi {
  return {
    send: (sent) => session.send(sent),
    request: (subtype, payload, id) => session.request(subtype, payload, id),
    run: (steps, startedBy = message) => runSteps(session, steps, startedBy),
    scenario: session.scenario,
    get sdkMcpServers() {
      return session.sdkServers;
    },
  };
}
