/**
 * Reads single fields out of JSONL text without parsing every line, as the official SDK does to
 * list sessions from a transcript's head and tail. The tail's first line may be cut; the scanners
 * skip or recover it.
 */

/** The string value of the first `"field":"..."` in `text`, unescaped; no JSON parse of the line. */
export function firstRawField(text: string, field: string): string | undefined {
  for (const needle of [`"${field}":"`, `"${field}": "`]) {
    const at = text.indexOf(needle);
    if (at < 0) continue;
    const end = closingQuote(text, at + needle.length);
    if (end >= 0) return unescapeJson(text.slice(at + needle.length, end));
  }
  return undefined;
}

/** The string value of the last `"field":"..."` in `text` (by position), unescaped. */
export function lastRawField(text: string, field: string): string | undefined {
  let bestAt = -1;
  let bestStart = 0;
  let bestEnd = 0;
  for (const needle of [`"${field}":"`, `"${field}": "`]) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(needle, from);
      if (at < 0) break;
      const end = closingQuote(text, at + needle.length);
      if (end < 0) break;
      if (at > bestAt) {
        bestAt = at;
        bestStart = at + needle.length;
        bestEnd = end;
      }
      from = end + 1;
    }
  }
  return bestAt < 0 ? undefined : unescapeJson(text.slice(bestStart, bestEnd));
}

/**
 * The string `field` of the last line (scanning from the end) that parses and, when `type` is
 * given, is an entry of that type. A cut first line of a typed scan is recovered from its last
 * `{"type":"<type>"` onwards.
 */
export function lastLineField(text: string, field: string, type?: string): string | undefined {
  const typeNeedles = type === undefined ? undefined : [`"type":"${type}"`, `"type": "${type}"`];
  const fieldNeedle = `"${field}":`;
  let end = text.length;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1);
    const line = text.slice(start + 1, end);
    end = start;
    if (line.includes(fieldNeedle) && (typeNeedles === undefined || typeNeedles.some((n) => line.includes(n)))) {
      let value = fieldOf(line, field, type);
      if (value === null && typeNeedles !== undefined) {
        const at = line.lastIndexOf(`{${typeNeedles[0]}`);
        value = at > 0 && !':,['.includes(line.charAt(at - 1)) ? fieldOf(line.slice(at), field, type) : null;
      }
      if (typeof value === 'string') return value;
    }
    if (start < 0) break;
  }
  return undefined;
}

/** The string `field` of the first parsable line that has one. */
export function firstLineField(text: string, field: string): string | undefined {
  const needle = `"${field}":`;
  for (const line of text.split('\n')) {
    if (!line.includes(needle)) continue;
    try {
      const value = (JSON.parse(line) as Record<string, unknown> | null)?.[field];
      if (typeof value === 'string') return value;
    } catch {
      // a cut or malformed line: keep looking
    }
  }
  return undefined;
}

/** `undefined`: parsed, no such string field; `null`: the line is not JSON. */
function fieldOf(line: string, field: string, type: string | undefined): string | undefined | null {
  try {
    const entry = JSON.parse(line) as unknown;
    if (typeof entry !== 'object' || entry === null) return undefined;
    const record = entry as Record<string, unknown>;
    if (type !== undefined && record.type !== type) return undefined;
    const value = record[field];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return null;
  }
}

function closingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/**
 * The value of a JSON string's raw contents, always as a new string: a slice of 13+ characters is
 * a V8 sliced string that keeps the whole text it came from (a 64 KiB head or tail) alive for as
 * long as the value lives, so a listing would hold every transcript's head.
 */
function unescapeJson(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return Array.from(raw).join('');
  }
}
