import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatDoctorReport, type Options } from '@hexagent/core';
import { doctor } from './doctor.js';
import type { DoctorOptions } from './doctor-types.js';
import { parseEnvFile } from './parse-env-file.js';

/** Where the command reads and writes: the process's, or a test's. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

const USAGE = `Usage: hexagent doctor [options]

Checks that hexagent can run the Claude Code CLI here with your query options, and says how to fix
what is wrong. Exits with 1 when something would stop a query, 2 for a usage error.

Options (the flags override what --options gives):
  --options <module>    a module exporting your query options (\`export const options\` or
                        \`export default\`; an object, or a function returning one)
  --cli-path <path>     pathToClaudeCodeExecutable
  --cwd <dir>           cwd
  --executable <name>   executable (node, bun or deno), for a JavaScript CLI
  --env-file <file>     variables added to the environment (.env format), over options.env or,
                        without it, over this process's environment
  --check-api           also make one minimal Messages API request (max_tokens: 1) with the
                        configured credentials, to ANTHROPIC_BASE_URL when set
  --start-timeout <ms>  how long the CLI may take to answer initialize (default 30000)
  --json                print the report as JSON
  -h, --help            this text`;

const VALUE_FLAGS = ['--options', '--cli-path', '--cwd', '--executable', '--env-file', '--start-timeout'] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];

class UsageError extends Error {}

const processIo: CommandIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
  env: process.env,
};

/**
 * The `hexagent` command: `hexagent doctor [options]` runs {@link doctor} with the query options the
 * flags and `--options` module give, and prints the report.
 *
 * @returns the exit code: 0 when queries can run, 1 when a check is a problem, 2 for a usage error.
 */
export async function runHexagentCommand(argv: readonly string[], io: CommandIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'doctor') {
    io.out(USAGE);
    return command === undefined || command === '--help' || command === '-h' ? 0 : 2;
  }
  let doctorOptions: DoctorOptions;
  let json = false;
  try {
    const parsed = parseArgs(rest);
    if (parsed.help) {
      io.out(USAGE);
      return 0;
    }
    json = parsed.json;
    doctorOptions = await doctorOptionsOf(parsed, io);
  } catch (error) {
    io.err(`hexagent doctor: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof UsageError) io.err('Run `hexagent doctor --help` for the options.');
    return 2;
  }
  const report = await doctor(doctorOptions);
  io.out(json ? JSON.stringify(report, null, 2) : formatDoctorReport(report));
  return report.ok ? 0 : 1;
}

interface ParsedArgs {
  values: Partial<Record<ValueFlag, string>>;
  checkApi: boolean;
  json: boolean;
  help: boolean;
}

function parseArgs(args: readonly string[]): ParsedArgs {
  const parsed: ParsedArgs = { values: {}, checkApi: false, json: false, help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const equals = arg.indexOf('=');
    const flag = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    if (flag === '--check-api') parsed.checkApi = true;
    else if (flag === '--json') parsed.json = true;
    else if (flag === '--help' || flag === '-h') parsed.help = true;
    else if ((VALUE_FLAGS as readonly string[]).includes(flag)) {
      const value = equals > 0 && arg.startsWith('--') ? arg.slice(equals + 1) : args[++i];
      if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
      parsed.values[flag as ValueFlag] = value;
    } else throw new UsageError(`unknown option ${JSON.stringify(arg)}`);
  }
  return parsed;
}

async function doctorOptionsOf(parsed: ParsedArgs, io: CommandIo): Promise<DoctorOptions> {
  const { values } = parsed;
  const options: Options = values['--options'] === undefined ? {} : { ...(await loadOptions(values['--options'], io)) };
  if (values['--cli-path'] !== undefined) options.pathToClaudeCodeExecutable = resolve(io.cwd, values['--cli-path']);
  if (values['--cwd'] !== undefined) options.cwd = resolve(io.cwd, values['--cwd']);
  if (values['--executable'] !== undefined)
    options.executable = values['--executable'] as NonNullable<Options['executable']>;
  if (values['--env-file'] !== undefined) {
    const file = resolve(io.cwd, values['--env-file']);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`cannot read --env-file ${file}: ${(error as Error).message}`);
    }
    options.env = { ...(options.env ?? io.env), ...parseEnvFile(text) };
  }
  const timeout = values['--start-timeout'];
  if (timeout !== undefined && !(Number(timeout) > 0)) throw new UsageError('--start-timeout needs a number of ms');
  return {
    options,
    ...(parsed.checkApi && { checkApi: true }),
    ...(timeout !== undefined && { startTimeoutMs: Number(timeout) }),
  };
}

/** The options a module exports: `options`, else its default export; a function is called. */
async function loadOptions(specifier: string, io: CommandIo): Promise<Options> {
  const file = resolve(io.cwd, specifier);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`cannot load --options ${file}: ${(error as Error).message}`);
  }
  let exported = module['options'] ?? module['default'];
  if (typeof exported === 'function') exported = await (exported as () => unknown)();
  if (typeof exported !== 'object' || exported === null) {
    throw new Error(
      `--options ${file} exports no options object (\`export const options = {...}\` or a default export)`,
    );
  }
  return exported as Options;
}
