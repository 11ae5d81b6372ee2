/**
 * The ways one stream-json message can be written on a line, and what Claude Code 2.1.332 does with
 * each (`cli`): acts on the message, or stops (a fatal input error: it exits). Shared by the test of
 * the real CLI's reading (`test/e2e/cli-line-reading.test.ts`, which checks `cli` against the real
 * binary) and the attack on the relay (`test/attacks/client-lines.attack.test.ts`, which shows the
 * relay refuses each, or passes exactly what it screened).
 */
export interface LineVariant {
  name: string;
  /** The bytes of the line for `message` (newline included). */
  bytes(message: Record<string, unknown>): Buffer;
  /** What the CLI does with it. */
  cli: 'acts' | 'exits';
  /** Not valid UTF-8: a WebSocket text frame cannot carry it (the relay closes with 1007). */
  notUtf8?: true;
}

const json = (message: Record<string, unknown>): string => JSON.stringify(message);
const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');
const BOM = [0xef, 0xbb, 0xbf];

export const LINE_VARIANTS: readonly LineVariant[] = [
  { name: 'plain', cli: 'acts', bytes: (m) => utf8(`${json(m)}\n`) },
  {
    name: 'a byte order mark first',
    cli: 'acts',
    bytes: (m) => Buffer.concat([Buffer.from(BOM), utf8(`${json(m)}\n`)]),
  },
  {
    name: 'two byte order marks',
    cli: 'exits',
    bytes: (m) => Buffer.concat([Buffer.from([...BOM, ...BOM]), utf8(`${json(m)}\n`)]),
  },
  {
    name: 'half a byte order mark',
    cli: 'exits',
    notUtf8: true,
    bytes: (m) => Buffer.concat([Buffer.from([0xef, 0xbb]), utf8(`${json(m)}\n`)]),
  },
  { name: 'spaces and tabs around it', cli: 'acts', bytes: (m) => utf8(` \t ${json(m)}  \n`) },
  { name: 'a no-break space first', cli: 'exits', bytes: (m) => utf8(`\u00a0${json(m)}\n`) },
  { name: 'a line separator first', cli: 'exits', bytes: (m) => utf8(`\u2028${json(m)}\n`) },
  { name: 'CRLF', cli: 'acts', bytes: (m) => utf8(`${json(m)}\r\n`) },
  { name: 'CR between two messages', cli: 'exits', bytes: (m) => utf8(`{"type":"keep_alive"}\r${json(m)}\n`) },
  { name: 'two JSON values', cli: 'exits', bytes: (m) => utf8(`{"type":"keep_alive"}${json(m)}\n`) },
  { name: 'text after the value', cli: 'exits', bytes: (m) => utf8(`${json(m)} x\n`) },
  { name: 'a NUL after the value', cli: 'exits', bytes: (m) => utf8(`${json(m)}\u0000\n`) },
  {
    name: 'UTF-16 with its mark',
    cli: 'exits',
    notUtf8: true,
    bytes: (m) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${json(m)}\n`, 'utf16le')]),
  },
  {
    name: 'keys and values escaped',
    cli: 'acts',
    bytes: (m) =>
      utf8(
        `${json(m).replace(/"(type|subtype|control_request)"/g, (_, word: string) => `"\\u${word.charCodeAt(0).toString(16).padStart(4, '0')}${word.slice(1)}"`)}\n`,
      ),
  },
  {
    name: 'a lone surrogate escaped in a value',
    cli: 'acts',
    bytes: (m) => utf8(`${json({ ...m, note: 'x' }).replace('"x"', '"\\ud800"')}\n`),
  },
  {
    name: 'a surrogate encoded in UTF-8 bytes (CESU)',
    cli: 'acts',
    notUtf8: true,
    bytes: (m) =>
      Buffer.concat([
        utf8(json({ ...m, note: 'x' }).replace('"x"}', '"')),
        Buffer.from([0xed, 0xa0, 0x80]),
        utf8('"}\n'),
      ]),
  },
  {
    name: 'requestId for request_id',
    cli: 'acts',
    bytes: (m) => utf8(`${json(m).replace('"request_id"', '"requestId"')}\n`),
  },
  {
    name: 'the request twice, the last one counts',
    cli: 'acts',
    bytes: (m) => utf8(`${json(m).replace('"request":{', '"request":{"subtype":"interrupt"},"request":{')}\n`),
  },
];
