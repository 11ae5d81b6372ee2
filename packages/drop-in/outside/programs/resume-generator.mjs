/**
 * anthropics/claude-agent-sdk-demos `resume-generator/resume-generator.ts`: a one-shot agent that
 * loads the project's skills (`settingSources: ['project']`, `.claude/skills/docx`), uses the
 * `Skill` tool, writes a script and runs it with Bash, then checks the file it expected; run as
 * its README says (`npx tsx resume-generator.ts "<name>"`) in a project folder holding the
 * program's `.claude/` folder.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { attempt, report, scenario, stable, testing } from './kit.mjs';

const { text, toolUse } = testing;
const program = process.cwd();

function run(env, cwd, args) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [join(program, 'node_modules/tsx/dist/cli.mjs'), join(program, 'resume-generator.ts'), ...args],
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
        stderr: stable(stderr.replaceAll(cwd, '<cwd>')).split('\n').filter(Boolean),
      }),
    );
  });
}

/** The skills the CLI offered the model, as listed in what it sent (names only). */
function skillsOffered(request) {
  const sent = JSON.stringify(request?.body ?? {});
  return ['docx', 'pdf', 'xlsx'].filter((name) => sent.includes(`"${name}"`) || sent.includes(`- ${name}:`));
}

const generator = `const fs = require('fs');
fs.writeFileSync(__dirname + '/resume.docx', 'Ada Lovelace: analyst, programmer');
console.log('written');
`;

const results = {};

await attempt(results, 'skill, write a script, run it with Bash', () =>
  scenario(
    (request, index) => {
      const cwd = /Primary working directory: (\S+)/.exec(JSON.stringify(request.body.system))?.[1] ?? '.';
      const turns = [
        { content: [toolUse('Skill', { skill: 'docx' })] },
        {
          content: [
            toolUse('Write', { file_path: join(cwd, 'agent/custom_scripts/generate_resume.cjs'), content: generator }),
          ],
        },
        {
          content: [
            toolUse('Bash', { command: 'node agent/custom_scripts/generate_resume.cjs', description: 'generate' }),
          ],
        },
        { content: [text('The resume is ready.')] },
      ];
      return turns[index] ?? { content: [text('(no more)')] };
    },
    async ({ server, env, cwd }) => {
      cpSync(join(program, '.claude'), join(cwd, '.claude'), { recursive: true });
      const outcome = await run(env, cwd, ['Ada Lovelace']);
      const main = server.requests.filter((request) => request.kind === 'main');
      const resume = join(cwd, 'agent/custom_scripts/resume.docx');
      return {
        ...outcome,
        skillsOffered: skillsOffered(main[0]),
        toolResults: server
          .toolResults()
          .map((result) => stable(JSON.stringify(result.content).replaceAll(cwd, '<cwd>')).slice(0, 160)),
        resume: existsSync(resume) ? readFileSync(resume, 'utf8') : null,
      };
    },
  ),
);

await attempt(results, 'no name given: usage and exit 1', () =>
  scenario([], async ({ env, cwd }) => run(env, cwd, [])),
);

report(results);
