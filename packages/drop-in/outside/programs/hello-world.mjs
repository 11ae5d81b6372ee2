/**
 * anthropics/claude-agent-sdk-demos `hello-world/hello-world.ts`: the tutorial's first program, run
 * as its README says (`npx tsx hello-world.ts`) in a folder with an `agent/` subfolder (its `cwd`).
 * It passes `executable: 'node'` and a PreToolUse hook that blocks a `.js`/`.ts` file written
 * outside `agent/custom_scripts` with `continue: false` and a `stopReason`.
 *
 * hexagent's one-time `HEXAGENT_EXECUTABLE_IGNORED` warning on stderr (`executable` means nothing
 * to the native CLI; the official ignores it silently) is a deliberate difference, documented in
 * docs/migration.md, so it (with Node's `--trace-warnings` hint after it) is left out of the
 * comparison.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { attempt, report, scenario, stable, testing } from './kit.mjs';

const { text, toolUse } = testing;
const program = process.cwd();

function run(env, cwd) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [join(program, 'node_modules/tsx/dist/cli.mjs'), join(program, 'hello-world.ts')],
      {
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) =>
      resolve({
        code,
        stdout: stable(stdout.replaceAll(cwd, '<cwd>')).split('\n').filter(Boolean),
        stderr: stable(
          stderr.replaceAll(cwd, '<cwd>').replace(/.*HEXAGENT_EXECUTABLE_IGNORED.*\n(.*--trace-warnings.*\n)?/, ''),
        )
          .split('\n')
          .filter(Boolean),
      }),
    );
  });
}

/** The program in a fresh project folder; `script` gets the project folder. */
const case_ = (script) =>
  scenario(
    (request, index) => {
      const cwd = /Primary working directory: (\S+)/.exec(JSON.stringify(request.body.system))?.[1] ?? '.';
      return script(cwd)[index] ?? { content: [text('(no more)')] };
    },
    async ({ server, env, cwd }) => {
      mkdirSync(join(cwd, 'agent/custom_scripts'), { recursive: true });
      const outcome = await run(env, cwd);
      return {
        ...outcome,
        files: ['agent/evil.ts', 'agent/custom_scripts/ok.ts'].filter((file) => existsSync(join(cwd, file))),
        toolResults: server
          .toolResults()
          .map((result) => stable(JSON.stringify(result.content).replaceAll(cwd, '<cwd>'))),
      };
    },
  );

const results = {};

await attempt(results, 'introduction', () => case_(() => [{ content: [text('I am Claude, here to help.')] }]));

await attempt(results, 'hook blocks a script outside custom_scripts', () =>
  case_((cwd) => [
    { content: [text('Writing it.'), toolUse('Write', { file_path: join(cwd, 'evil.ts'), content: 'x' })] },
    { content: [text('Blocked, so I stop.')] },
  ]),
);

await attempt(results, 'hook lets a script into custom_scripts', () =>
  case_((cwd) => [
    { content: [toolUse('Write', { file_path: join(cwd, 'custom_scripts/ok.ts'), content: 'export {}' })] },
    { content: [text('Saved.')] },
  ]),
);

report(results);
