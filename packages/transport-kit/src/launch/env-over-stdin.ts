/** A variable name a POSIX shell can export. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Bytes written as they are; every other byte is written as a `\0ooo` octal escape. */
const PLAIN = /^[A-Za-z0-9_./:@%+,=-]$/;

/**
 * A POSIX `sh` script that reads variables from its standard input, one `NAME=value` line each
 * (values escaped by {@link encodeEnvForStdin}), up to an empty line, exports them, then becomes
 * the command in its arguments (`exec "$@"`), whose input is the rest of the stream. Run it as
 * `sh -c ENV_FROM_STDIN_SCRIPT <name> <command> <args...>` on the far side (over ssh, quote each
 * element with {@link shellQuote}), and write `encodeEnvForStdin(env)` before anything else: the
 * values then never appear on a command line. The shell reads its input one byte at a time from a
 * pipe, so it consumes nothing past the empty line.
 */
export const ENV_FROM_STDIN_SCRIPT = [
  'while IFS= read -r hexagent_line && [ -n "$hexagent_line" ]; do',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a JavaScript template
  '  hexagent_value=$(printf "%bx" "${hexagent_line#*=}")',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a JavaScript template
  '  export "${hexagent_line%%=*}=${hexagent_value%x}"',
  'done',
  'unset hexagent_line hexagent_value',
  'exec "$@"',
].join('\n');

/**
 * `env` as the lines {@link ENV_FROM_STDIN_SCRIPT} reads: `NAME=value` per variable, each byte of
 * the value outside a safe set written as a `\0ooo` octal escape (so a value may hold newlines,
 * quotes, backslashes or any UTF-8), then the empty line that ends the list.
 *
 * @throws TypeError for a name a shell cannot export.
 * @example
 * ```ts
 * encodeEnvForStdin({ ANTHROPIC_API_KEY: 'sk-ant-x y' }); // 'ANTHROPIC_API_KEY=sk-ant-x\\0040y\n\n'
 * ```
 */
export function encodeEnvForStdin(env: Readonly<Record<string, string | undefined>>): string {
  let text = '';
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (!ENV_NAME.test(name)) throw new TypeError(`${JSON.stringify(name)} is not a variable name a shell can export`);
    text += `${name}=${escapeValue(value)}\n`;
  }
  return `${text}\n`;
}

function escapeValue(value: string): string {
  let escaped = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    escaped += PLAIN.test(char) ? char : `\\0${byte.toString(8).padStart(3, '0')}`;
  }
  return escaped;
}

/**
 * `args` as one POSIX shell command line, each element single-quoted as needed: for a wrapper
 * that hands its command to a shell on the far side (`ssh host <command line>`). Never put a
 * secret in it: a command line is readable by every user of the host.
 *
 * @example
 * ```ts
 * shellQuote(['claude', '--settings', '{"a":"it\'s"}']); // `claude --settings '{"a":"it'\''s"}'`
 * ```
 */
export function shellQuote(args: readonly string[]): string {
  return args
    .map((arg) => (/^[A-Za-z0-9_./:@%+,=-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`))
    .join(' ');
}
