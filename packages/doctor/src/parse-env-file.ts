const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/;

/**
 * The variables of a `.env` file: `NAME=value` lines (`export NAME=value` too), `#` comments and
 * blank lines skipped; a value in double quotes may span lines and has `\n`, `\r`, `\t`, `\"` and
 * `\\` escapes, one in single quotes is taken as written, and an unquoted one ends at ` #`.
 *
 * @example
 * ```ts
 * parseEnvFile('A=1\n# note\nB="two words" # comment\n'); // { A: '1', B: 'two words' }
 * ```
 */
export function parseEnvFile(text: string): Record<string, string> {
  const variables: Record<string, string> = {};
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const match = LINE.exec(lines[index] ?? '');
    if (match === null) continue;
    const name = match[1] ?? '';
    let rest = match[2] ?? '';
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      // A quoted value runs to its closing quote, on a later line if need be.
      let value = rest.slice(1);
      let end = closingQuote(value, quote);
      while (end === -1 && index + 1 < lines.length) {
        value += `\n${lines[++index] ?? ''}`;
        end = closingQuote(value, quote);
      }
      rest = end === -1 ? value : value.slice(0, end);
      variables[name] = quote === '"' ? unescapeDoubleQuoted(rest) : rest;
      continue;
    }
    variables[name] = rest.replace(/\s+#.*$/, '').trim();
  }
  return variables;
}

function closingQuote(value: string, quote: string): number {
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\' && quote === '"') i++;
    else if (value[i] === quote) return i;
  }
  return -1;
}

function unescapeDoubleQuoted(value: string): string {
  return value.replace(/\\([nrt"\\])/g, (_, char: string) =>
    char === 'n' ? '\n' : char === 'r' ? '\r' : char === 't' ? '\t' : char,
  );
}
