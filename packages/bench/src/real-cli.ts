/**
 * Time to first message with the REAL Claude Code CLI, in this fresh process, printed as one line
 * of JSON: `node dist/real-cli.js <raw|hexagent|official> <scripted model server URL>`.
 *
 * The CLI runs offline against a `ScriptedModelServer` on 127.0.0.1 (the caller's), in a fresh
 * `hermeticCliEnv` home, so only loopback traffic happens. The SDK is imported before the clock
 * starts (import cost is measured on its own). The clock runs from just before the spawn (`raw`) or
 * `query()` to the first message for the user (anything but a control message) and to the `result`.
 * `raw` spawns the CLI with the flags every SDK passes and writes `initialize` and the prompt by hand.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { hermeticCliEnv } from '@hexagent/testing';

export interface RealCliTiming {
  client: string;
  firstMessageMs: number;
  resultMs: number;
}

const [client = 'raw', baseUrl = ''] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@anthropic-ai/claude-code/package.json')), 'bin', 'claude.exe');
const hermetic = await hermeticCliEnv({ baseUrl });
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(hermetic.env)) if (value !== undefined) env[key] = value;
const cwd = hermetic.homeDir;

type Message = { type: string };
let timing: RealCliTiming;
try {
  if (client === 'raw') timing = await raw();
  else if (client === 'hexagent') {
    const { query } = await import('@hexagent/sdk');
    timing = await timed(() =>
      query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli, env: hermetic.env, cwd } }),
    );
  } else {
    const { query } = await import('@anthropic-ai/claude-agent-sdk');
    timing = await timed(() => query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli, env, cwd } }));
  }
} finally {
  await hermetic.cleanup();
}
process.stdout.write(`${JSON.stringify(timing)}\n`);

async function timed(start: () => AsyncIterable<Message>): Promise<RealCliTiming> {
  const started = performance.now();
  let firstMessageMs = 0;
  let resultMs = 0;
  for await (const message of start()) {
    if (firstMessageMs === 0) firstMessageMs = performance.now() - started;
    if (message.type === 'result') resultMs = performance.now() - started;
  }
  return { client, firstMessageMs, resultMs };
}

function raw(): Promise<RealCliTiming> {
  const started = performance.now();
  const child = spawn(cli, ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'], {
    env,
    cwd,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  child.stdin.write(
    `${JSON.stringify({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize' } })}\n`,
  );
  child.stdin.write(
    `${JSON.stringify({ type: 'user', session_id: '', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null })}\n`,
  );
  return new Promise((resolve, reject) => {
    let firstMessageMs = 0;
    let resultMs = 0;
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') continue;
        const message = JSON.parse(line) as Message;
        if (message.type === 'control_response' || message.type === 'control_request') continue;
        if (firstMessageMs === 0) firstMessageMs = performance.now() - started;
        if (message.type === 'result') {
          resultMs = performance.now() - started;
          child.stdin.end();
        }
      }
    });
    child.on('error', reject);
    child.on('close', () => resolve({ client, firstMessageMs, resultMs }));
  });
}
