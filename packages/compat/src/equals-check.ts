import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { repoPaths } from './repo-paths.js';

const run = promisify(execFile);

/** What `tsc` said of packages/drop-in compiled against another official release. */
export interface EqualsCheckResult {
  /** True when drop-in compiled without an error. */
  ok: boolean;
  /** Each error as `file(line,col): TSnnnn: message` (the first line of the message), file relative to the repo. */
  errors: string[];
}

/**
 * Runs drop-in's type-level checks (`Expect<Equals<Hex.X, Official.X>>` in `test/*.ts`, and the
 * snippets) against the official release in `packageDir`: its declaration files are copied under
 * packages/compat/.scratch (where the official types' own imports find the same `@anthropic-ai/sdk`,
 * MCP SDK and zod as drop-in's), and a tsconfig there maps `@anthropic-ai/claude-agent-sdk` to the
 * copy. Nothing in packages/drop-in changes.
 */
export async function runEqualsChecks(packageDir: string, version: string): Promise<EqualsCheckResult> {
  const dir = join(repoPaths.scratch, 'official-types', version);
  const copy = join(dir, 'node_modules', '@anthropic-ai', 'claude-agent-sdk');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  for (const file of readdirSync(packageDir)) {
    if (file.endsWith('.d.ts') || file === 'package.json') copyFileSync(join(packageDir, file), join(copy, file));
  }
  const tsconfig = join(dir, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify(
      {
        extends: join(repoPaths.root, 'tsconfig.base.json'),
        compilerOptions: {
          noEmit: true,
          types: ['node'],
          paths: {
            '@anthropic-ai/claude-agent-sdk': ['./node_modules/@anthropic-ai/claude-agent-sdk/sdk.d.ts'],
            '@anthropic-ai/claude-agent-sdk/sdk-tools': [
              './node_modules/@anthropic-ai/claude-agent-sdk/sdk-tools.d.ts',
            ],
          },
        },
        include: [join(repoPaths.dropIn, 'src'), join(repoPaths.dropIn, 'test')],
        exclude: [join(repoPaths.dropIn, 'src', 'pending')],
      },
      null,
      2,
    ),
  );
  const tsc = createRequire(join(repoPaths.compat, 'package.json')).resolve('typescript/bin/tsc');
  try {
    await run(process.execPath, [tsc, '-p', tsconfig, '--pretty', 'false'], {
      cwd: repoPaths.root,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { ok: true, errors: [] };
  } catch (error) {
    const output = String((error as { stdout?: unknown }).stdout ?? error);
    const errors = output
      .split('\n')
      .filter((line) => /error TS\d+/.test(line))
      .map((line) => {
        const [file = '', rest = ''] = line.split(/\((?=\d+,\d+\))/);
        const path = file.startsWith('/') ? relative(repoPaths.root, file) : file;
        const check = checkAt(join(repoPaths.root, path), Number.parseInt(rest, 10));
        return `${path}(${rest}`.replace(/: error /, ': ') + (check ? ` [${check}]` : '');
      });
    return { ok: false, errors: errors.length > 0 ? errors : [output.trim()] };
  }
}

/** The type alias a line belongs to (`_HOOK_EVENTS`), so an error names the check that failed. */
function checkAt(file: string, line: number): string | undefined {
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (let index = line - 1; index >= 0 && index > line - 8; index--) {
      const name = /^type (\w+)/.exec(lines[index] ?? '')?.[1];
      if (name !== undefined) return name;
    }
  } catch {
    // a file tsc named but we cannot read: the error stands without the name
  }
  return undefined;
}
